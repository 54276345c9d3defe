/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tuning_judge_parts - what the files of the judge share: private to analysis/.
 * tuning_judge.c calls the judges of the other files; they all make their
 * findings with tuning_judge_finding.c, which calls none of them.
 */
#ifndef RTLENS_TUNING_JUDGE_PARTS_H
#define RTLENS_TUNING_JUDGE_PARTS_H

#include <stddef.h>

#include "base/tuning.h"

struct judge {
	struct tuning	*t;
	/*
	 * housekeeping, where the fixes move everything else: the online CPUs
	 * not measured; when every CPU is measured, the first of them (kept)
	 */
	char		hk[TUNING_LIST_LEN];
	bool		hk_kept;	/* hk is a measured CPU that a fix must not isolate */
};

/* tuning_judge_finding.c: a new finding (the last one is reused when the table is full) */
struct finding *judge_add(struct judge *j, const char *id, enum finding_status status,
		    enum finding_certainty certainty, const char *cpus,
		    const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Its fixes; NULL: none. */
void judge_fix(struct finding *f, const char *cmdline, const char *runtime, const char *tuned);
/* The measured CPUs for which @test holds, as a list ("" none). */
void cpus_where(const struct tuning *t, bool (*test)(const struct tuning_cpu *),
		char *buf, size_t len);
/* " (CPU N kept for the system)" when j->hk_kept, else "" (a static buffer). */
const char *kept_note(const struct judge *j);

/* tuning_judge_system.c: the rest of the machine */
void judge_system(struct judge *j);
/* tuning_judge_cpus.c: each measured CPU, and the tasks allowed there */
void judge_cpus(struct judge *j);
void judge_tasks(struct judge *j);

#endif
