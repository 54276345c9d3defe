/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vm_timemap - a guest's trace clock mapped onto its host's, from the round
 * trips of --host-sync: the guest notes its clock as it sends a request
 * (a trace marker) and as it reads the answer, the host answers with its
 * CLOCK_MONOTONIC read in between. The host's reading lies between the
 * two guest times, so a trip gives the offset at its middle to within half
 * its round trip, whatever the channel's delays, if they are alike both
 * ways (NTP's and trace-cmd's ptp sync's reasoning).
 *
 * The trips come in groups (--host-sync makes one at the start of the
 * run, one a second after, and one at its end); the quickest trip of each
 * group is its point, and a line fitted through the points gives the
 * offset and the drift of the guest's clock against the host's.
 */
#ifndef RTLENS_VM_TIMEMAP_H
#define RTLENS_VM_TIMEMAP_H

#include <stdbool.h>
#include <stdint.h>

#define VM_SYNC_GROUP_GAP_NS	200000000ULL	/* trips further apart: another group */
#define VM_SYNC_MAX_POINTS	256		/* groups fitted; later ones ignored */

/* One round trip: guest times (its trace clock), the host's answer (ns). */
struct vm_sync_trip {
	uint64_t	guest_send;
	uint64_t	guest_recv;
	uint64_t	host;
};

struct vm_timemap {
	bool		known;		/* a trip at least */
	int		trips;		/* complete round trips */
	int		groups;		/* their groups: the points of the line */
	uint64_t	rtt_min_ns;	/* the quickest trip */
	uint64_t	rtt_max_ns;	/* the slowest of the points */
	double		anchor;		/* guest ns of the first point */
	double		offset_ns;	/* host - guest at the anchor */
	double		drift_ppm;	/* the guest's clock against the host's */
	/*
	 * How far a mapped time may be off: half the slowest point's round
	 * trip (each point's bound) plus the points' largest distance from
	 * the line (0 with one or two points)
	 */
	uint64_t	error_ns;
	uint64_t	fit_residual_ns;
};

/*
 * Fit @m to @n trips in the order of their guest times; trips whose answer
 * came before the request went out are damaged and skipped. m->known is
 * false when no trip is left.
 */
void vm_timemap_fit(struct vm_timemap *m, const struct vm_sync_trip *trips, int n);
/* The host's time of @guest_ns (@guest_ns itself when the map is not known). */
uint64_t vm_timemap_host(const struct vm_timemap *m, uint64_t guest_ns);

#endif
