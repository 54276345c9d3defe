/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpulist - sets of CPUs written as "0-3,5,8-11"
 */
#ifndef RTLENS_CPULIST_H
#define RTLENS_CPULIST_H

#include <stdbool.h>
#include <stddef.h>

struct cpu_mask {
	int		nr_cpus;	/* bits that may be set: 0 .. nr_cpus-1 */
	unsigned long	*bits;
};

/* Allocate an empty mask able to hold CPUs 0 .. nr_cpus-1. -1 on ENOMEM. */
int cpu_mask_init(struct cpu_mask *mask, int nr_cpus);
void cpu_mask_free(struct cpu_mask *mask);
void cpu_mask_set(struct cpu_mask *mask, int cpu);
void cpu_mask_fill(struct cpu_mask *mask);
void cpu_mask_zero(struct cpu_mask *mask);
void cpu_mask_clear(struct cpu_mask *mask, int cpu);
bool cpu_mask_test(const struct cpu_mask *mask, int cpu);
int cpu_mask_count(const struct cpu_mask *mask);
/* Next set CPU at or after @cpu, or -1. */
int cpu_mask_next(const struct cpu_mask *mask, int cpu);

#define for_each_cpu_in(cpu, mask) \
	for ((cpu) = cpu_mask_next((mask), 0); (cpu) >= 0; \
	     (cpu) = cpu_mask_next((mask), (cpu) + 1))

/*
 * Parse "0-3,5" into @mask (already initialised for nr_cpus). Returns 0, or
 * -1 with *why set to an explanation ("cpu 9 is out of range 0-3", "range
 * 5-2 is reversed", "empty list", "'x' is not a cpu number": the word whole,
 * escaped), valid until the thread's next call.
 */
int cpu_mask_parse(struct cpu_mask *mask, const char *str, const char **why);

/* Canonical list form ("0-3,5"); returns the length it needs, like snprintf. */
int cpu_mask_format(const struct cpu_mask *mask, char *buf, size_t len);
/* The same, whole however many CPUs, allocated (free it); NULL when out of memory. */
char *cpu_mask_list(const struct cpu_mask *mask);
/*
 * The kernel's cpumask form (tracing_cpumask): 32-bit words in hex, the
 * highest first, comma-separated ("00000000,0000000e"). Its length, or -1
 * when @buf is too short.
 */
int cpu_mask_format_hex(const struct cpu_mask *mask, char *buf, size_t len);
/*
 * Parse the kernel's cpumask form ("f", "00000000,0000000e") into @mask:
 * bits past nr_cpus are ignored. 0, or -1 with *why set.
 */
int cpu_mask_parse_hex(struct cpu_mask *mask, const char *str, const char **why);
/*
 * An event filter that keeps the CPUs of @mask, on the kernel's CPU field:
 * "(CPU>=0&&CPU<=3)||CPU==5". Its length, or -1 when @buf is too short.
 */
int cpu_mask_format_filter(const struct cpu_mask *mask, char *buf, size_t len);

#endif
