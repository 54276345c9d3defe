/* SPDX-License-Identifier: GPL-2.0 */
/*
 * setup_notes - where the measurement meets the setup: a source the
 * analysis named (local_timer ticks, an IRQ, the RCU softirq, a kworker, a
 * thread) that a finding of the tuning explains, with the finding's fix
 */
#ifndef RTLENS_SETUP_NOTES_H
#define RTLENS_SETUP_NOTES_H

#include "analysis/run_models.h"
#include "base/params.h"
#include "base/records.h"
#include "base/tuning.h"

#define MAX_SETUP_NOTES	32

struct setup_note {
	int			cpu;
	enum noise_kind		kind;		/* NMI, IRQ, softirq or thread */
	char			name[NOISE_NAME_LEN];
	const struct finding	*finding;
	char			note[192];	/* why the setup explains it */
};

struct setup_notes {
	int			n;
	struct setup_note	notes[MAX_SETUP_NOTES];
};

/*
 * The finding of @t that explains a source (@kind, @name) on @cpu; NULL
 * when none does. @note gets one line saying why.
 */
const struct finding *setup_explain(const struct tuning *t, int cpu, enum noise_kind kind,
				    const char *name, char *note, size_t len);

/* Every source of the run's analysis (osnoise or timerlat) that the setup explains, once. */
void setup_notes_collect(struct setup_notes *out, const struct run_models *m,
			 const struct rtl_params *p);

/* The notes of one finding, that is of one fix: the CPUs and sources it covers. */
struct setup_group {
	const struct finding	*finding;
	int			nr;
	int			note[MAX_SETUP_NOTES];	/* into notes[], in their order */
	int			nr_cpus;
	int			cpu[MAX_SETUP_NOTES];	/* ascending, each once */
};

struct setup_groups {
	int			n;
	struct setup_group	groups[MAX_SETUP_NOTES];
};

/* The notes of @s by finding, in the order of each finding's first note. */
void setup_notes_group(const struct setup_notes *s, struct setup_groups *out);
/*
 * What the notes of a finding share, for a line of many sources and CPUs:
 * "the scheduler tick (not nohz_full)"; the finding's own words for one the
 * notes do not know.
 */
const char *setup_group_reason(const struct setup_group *g);

#endif
