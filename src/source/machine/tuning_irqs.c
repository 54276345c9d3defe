// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_irqs - the device IRQs that may interrupt a measured CPU:
 * /proc/irq/N/{smp,effective}_affinity_list, named and counted by
 * /sys/kernel/irq/N (what /proc/interrupts shows), and the per-CPU counts
 * of /proc/interrupts
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/machine/tuning_parts.h"

/* the column of each CPU, from the header line "CPU0 CPU1 ..." */
static int cpu_column(const char *header, int cpu)
{
	char want[16];
	const char *s = header;
	int col = 0;
	size_t len;

	snprintf(want, sizeof(want), "CPU%d", cpu);
	while (*s) {
		s += strspn(s, " \t");
		len = strcspn(s, " \t\n");
		if (!len)
			break;
		if (len == strlen(want) && !strncmp(s, want, len))
			return col;
		col++;
		s += len;
	}
	return -1;
}

long long interrupts_count(FILE *f, const char *key, int cpu)
{
	char line[4096], *s, *end;
	size_t klen = strlen(key);
	long long v;
	int col, i;

	rewind(f);
	if (!fgets(line, sizeof(line), f))
		return -1;
	col = cpu_column(line, cpu);
	if (col < 0)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		s = line + strspn(line, " ");
		if (strncmp(s, key, klen) || s[klen] != ':')
			continue;
		s += klen + 1;
		for (i = 0; i <= col; i++) {
			v = strtoll(s, &end, 10);
			if (end == s)
				return -1;
			s = end;
		}
		return v;
	}
	return -1;
}

/* the sum of /sys/kernel/irq/N/per_cpu_count over the measured CPUs */
static unsigned long long measured_count(const struct tuning *t, int irq)
{
	char path[64], buf[4096], *s = buf, *end;
	unsigned long long sum = 0, v;
	int cpu = 0;

	snprintf(path, sizeof(path), "/sys/kernel/irq/%d/per_cpu_count", irq);
	if (tuning_read(path, buf, sizeof(buf)))
		return 0;
	while (*s) {
		v = strtoull(s, &end, 10);
		if (end == s)
			break;
		if (cpu < t->nr_cpus && cpu_mask_test(&t->measured, cpu))
			sum += v;
		cpu++;
		s = end + (*end == ',');
	}
	return sum;
}

static bool holds_measured(const struct tuning *t, const char *list)
{
	struct cpu_mask m;
	bool in = false;
	int cpu;

	if (tuning_list_mask(&m, list, t->nr_cpus))
		return false;
	for_each_cpu_in(cpu, &m)
		in |= cpu_mask_test(&t->measured, cpu);
	cpu_mask_free(&m);
	return in;
}

/* every CPU of @list is measured */
static bool only_measured(const struct tuning *t, const char *list)
{
	struct cpu_mask m;
	bool only = true;
	int cpu;

	if (tuning_list_mask(&m, list, t->nr_cpus))
		return false;
	for_each_cpu_in(cpu, &m)
		only &= cpu_mask_test(&t->measured, cpu);
	only &= cpu_mask_count(&m) > 0;
	cpu_mask_free(&m);
	return only;
}

static void add_irq(struct tuning *t, int irq)
{
	struct tuning_irq *q;
	char path[80], aff[TUNING_LIST_LEN], eff[TUNING_LIST_LEN], name[TUNING_NAME_LEN];

	snprintf(path, sizeof(path), "/sys/kernel/irq/%d/actions", irq);
	/* no handler: it never fires */
	if (tuning_read(path, name, sizeof(name)) || !name[0])
		return;
	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list", irq);
	if (tuning_read(path, aff, sizeof(aff)))
		return;
	snprintf(path, sizeof(path), "/proc/irq/%d/effective_affinity_list", irq);
	tuning_read(path, eff, sizeof(eff));
	if (!holds_measured(t, aff) && !holds_measured(t, eff))
		return;
	if (t->nr_irqs >= TUNING_MAX_IRQS) {
		t->irqs_left_out++;
		return;
	}
	q = &t->irqs[t->nr_irqs++];
	q->irq = irq;
	snprintf(q->name, sizeof(q->name), "%s", name);
	snprintf(q->affinity, sizeof(q->affinity), "%s", aff);
	snprintf(q->effective, sizeof(q->effective), "%s", eff);
	q->affine_measured = holds_measured(t, aff);
	q->affine_only_measured = only_measured(t, aff);
	q->effective_measured = holds_measured(t, eff);
	q->count = measured_count(t, irq);
}

static int by_irq(const void *a, const void *b)
{
	return ((const struct tuning_irq *)a)->irq - ((const struct tuning_irq *)b)->irq;
}

void irqs_gather(struct tuning *t)
{
	DIR *d = opendir("/proc/irq");
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (isdigit((unsigned char)e->d_name[0]))
			add_irq(t, atoi(e->d_name));
	closedir(d);
	qsort(t->irqs, t->nr_irqs, sizeof(t->irqs[0]), by_irq);
}
