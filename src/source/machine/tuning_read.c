// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_read - what the tuning_*.c files read with: a file's first line,
 * a CPU list as a mask. It calls none of them.
 */
#include <stdio.h>
#include <string.h>

#include "source/machine/tuning_parts.h"

int tuning_read(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	buf[0] = '\0';
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

/* mask |= list; a list that is unknown ("?") or empty adds nothing */
void tuning_or_list(struct cpu_mask *m, const char *list)
{
	struct cpu_mask tmp;
	int cpu;

	if (!list[0] || !strcmp(list, "?") || cpu_mask_init(&tmp, m->nr_cpus))
		return;
	if (!cpu_mask_parse(&tmp, list, NULL))
		for_each_cpu_in(cpu, &tmp)
			cpu_mask_set(m, cpu);
	cpu_mask_free(&tmp);
}

int tuning_list_mask(struct cpu_mask *m, const char *list, int nr_cpus)
{
	if (cpu_mask_init(m, nr_cpus))
		return -1;
	tuning_or_list(m, list);
	return 0;
}
