// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_judge_finding - a finding as the judges of tuning_judge*.c make
 * it: its words, its fixes, and the measured CPUs it names
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "analysis/tuning_judge_parts.h"

struct finding *judge_add(struct judge *j, const char *id, enum finding_status status,
			  enum finding_certainty certainty, const char *cpus,
			  const char *fmt, ...)
{
	static struct finding spare;
	struct tuning *t = j->t;
	struct finding *f;
	va_list ap;

	f = t->nr_findings < TUNING_MAX_FINDINGS ? &t->findings[t->nr_findings++] : &spare;
	memset(f, 0, sizeof(*f));
	snprintf(f->id, sizeof(f->id), "%s", id);
	f->status = status;
	f->certainty = certainty;
	f->irq = -1;
	snprintf(f->cpus, sizeof(f->cpus), "%s", cpus);
	va_start(ap, fmt);
	vsnprintf(f->what, sizeof(f->what), fmt, ap);
	va_end(ap);
	return f;
}

void judge_fix(struct finding *f, const char *cmdline, const char *runtime, const char *tuned)
{
	snprintf(f->fix_cmdline, sizeof(f->fix_cmdline), "%s", cmdline ? cmdline : "");
	snprintf(f->fix_runtime, sizeof(f->fix_runtime), "%s", runtime ? runtime : "");
	snprintf(f->tuned, sizeof(f->tuned), "%s", tuned ? tuned : "");
}

/* the measured CPUs for which @test is true, as a list */
void cpus_where(const struct tuning *t, bool (*test)(const struct tuning_cpu *),
		char *buf, size_t len)
{
	struct cpu_mask m;
	int i;

	buf[0] = '\0';
	if (cpu_mask_init(&m, t->nr_cpus))
		return;
	for (i = 0; i < t->nr_tuning_cpus; i++)
		if (test(&t->cpus[i]))
			cpu_mask_set(&m, t->cpus[i].cpu);
	cpu_mask_format(&m, buf, len);
	cpu_mask_free(&m);
}

const char *kept_note(const struct judge *j)
{
	static char note[64];

	if (!j->hk_kept)
		return "";
	snprintf(note, sizeof(note), " (CPU %.16s kept for the system)", j->hk);
	return note;
}
