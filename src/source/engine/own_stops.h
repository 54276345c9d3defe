/* SPDX-License-Identifier: GPL-2.0 */
/*
 * own_stops - the stops of the user engine's measuring thread on one CPU
 * (SIGSTOP, SIGTSTP, a debugger), for own_merge: time rtlens caused
 * itself, not the machine
 *
 * A stop opens at the RECORD_OWN_STOP of the thread's switch-out and
 * closes at the one of its switch-in or, when that was not traced, at the
 * next record of the thread (it ran again to make it). While it is open,
 * what starts on the CPU ran while nothing was measured: hidden. The last
 * OWN_STOPS_KEPT closed stops are kept, for the overlap of a sample.
 */
#ifndef RTLENS_OWN_STOPS_H
#define RTLENS_OWN_STOPS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/records.h"

#define OWN_STOPS_KEPT		8

struct own_stop_span {
	uint64_t	start;
	uint64_t	end;
};

struct own_stops {
	bool			open;
	int			pid;
	uint64_t		start;
	struct own_stop_span	kept[OWN_STOPS_KEPT];	/* ring, oldest first */
	unsigned int		first, nr;
};

/* The stop of @s begins (one still open is closed there first: own_stops_end). */
void own_stops_begin(struct own_stops *o, const struct own_stop *s);
/*
 * Closes the open stop at @end (not before it began): *out is its NOISE_SELF
 * event (cpu, ts = end, start_ns, duration_ns, pid, name). false if none was
 * open.
 */
bool own_stops_end(struct own_stops *o, int cpu, uint64_t end, struct noise_event *out);
/* @e started while the stop is open: it ran while nothing was measured. */
bool own_stops_hides(const struct own_stops *o, const struct noise_event *e);
/* ns of [from, to] the kept stops cover. */
uint64_t own_stops_overlap(const struct own_stops *o, uint64_t from, uint64_t to);
void own_stops_reset(struct own_stops *o);

#endif
