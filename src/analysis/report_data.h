/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_data - an rtlens JSON report as plain data: what `rtlens compare`
 * reads of it (source/report_file.c fills it, analysis/compare.c compares
 * two). Latencies and histograms are kept with their unit so that the
 * percentiles come out exact; every other time is in microseconds.
 * Strings are the report's, decoded from JSON: not yet safe to print
 * (base/safe_text.h).
 */
#ifndef RTLENS_REPORT_DATA_H
#define RTLENS_REPORT_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/tool.h"

/* Bucket @index holds the values [index * bucket, (index + 1) * bucket). */
struct report_bucket {
	uint64_t	index;
	uint64_t	count;
};

struct report_hist {
	bool			present;
	double			bucket;		/* the width, in the report's unit */
	double			to_us;		/* 1 ("us") or 0.001 ("ns") */
	uint64_t		entries;	/* the buckets there are */
	uint64_t		over;		/* values past the last bucket */
	bool			has_max;
	double			max;		/* in the report's unit */
	size_t			nr_buckets;	/* the non-empty ones */
	struct report_bucket	*buckets;	/* ascending index */
};

enum report_lat {
	LAT_IRQ,
	LAT_THREAD,
	LAT_USER,
	NR_LATS,
};

/* timerlat: one latency of one CPU (irq, thread or user), in us */
struct report_lat_stats {
	bool			present;
	uint64_t		count;
	double			min_us;		/* min, avg, max: count > 0 only */
	double			avg_us;
	double			max_us;
	struct report_hist	hist;
};

enum report_count {
	COUNT_HW,
	COUNT_NMI,
	COUNT_IRQ,
	COUNT_SOFTIRQ,
	COUNT_THREAD,
	NR_COUNTS,
};

#define REPORT_TAIL_LEVELS	2	/* the tail's levels: p 1e-6, 1e-9 */

/*
 * --tail (2.5): a CPU's estimate of the tool's main series (osnoise's
 * noise, timerlat's thread latency), in us
 */
struct report_tail {
	bool			present;	/* the report has that series */
	bool			trusted;	/* every check passed */
	unsigned int		failed;		/* bit i: check i failed (enough, stable,
						 * apart, fits) */
	double			run_more_s;	/* enough failed: about this much more; NAN */
	double			level_us[REPORT_TAIL_LEVELS];	/* NAN: not known */
};

struct report_cpu {
	int			cpu;
	/* osnoise */
	double			runtime_us;
	double			noise_us;
	double			avail_pct;
	double			max_noise_us;
	double			max_single_us;
	double			counts[NR_COUNTS];
	struct report_hist	hist;
	/* timerlat */
	struct report_lat_stats	lat[NR_LATS];
	struct report_tail	tail;
};

/*
 * A source of the analysis. osnoise: a row of a CPU's source table over
 * the run. timerlat: a part of the analyzed latency: a source of one of
 * its groups, the blocking thread (kind "blocking"), or a part that is no
 * source (kind "part": "IRQ handler delay", "timerlat IRQ", "remainder").
 */
struct report_source {
	int		cpu;
	char		*kind;
	char		*name;
	int		pid;		/* threads: their pid, else -1 */
	double		count;		/* 0 when count_unknown */
	bool		count_unknown;	/* null: the hypervisor's estimate (2.3) */
	bool		estimated;	/* osnoise "vm": its us is an estimate, from steal */
	double		us;
};

enum report_value_type {
	VALUE_NULL,
	VALUE_BOOL,
	VALUE_NUMBER,
	VALUE_STRING,		/* also an object or array, as its JSON text */
};

struct report_value {
	enum report_value_type	type;
	bool			b;
	double			num;
	char			*text;	/* string; number as written; else NULL */
};

/* A key and its value: a system or config field, a tuning setting. */
struct report_entry {
	char			*key;
	struct report_value	value;
};

struct report_entries {
	size_t			n;
	struct report_entry	*v;
};

/* system.tuning.findings[] */
struct report_finding {
	char	*id;
	char	*status;	/* "ok", "info", "warn", "breaks" */
	char	*cpus;		/* a CPU list, may be "" */
	char	*what;
};

struct report_data {
	const char		*path;		/* as the user named it */
	char			*schema_version;
	int			major;
	int			minor;
	char			*command;
	const struct tool_desc	*tool;		/* the plain tool of its command */
	char			*engine;
	char			*started_at;
	char			*hostname;
	double			duration_s;

	size_t			nr_cpus;
	struct report_cpu	*cpus;		/* ascending CPU order */
	bool			has_hist;
	bool			has_user;	/* timerlat: user latencies */
	bool			has_tail;	/* "tail" (--tail, 2.5) */

	bool			has_analysis;
	int			analysis_cpu;	/* timerlat: the CPU analyzed */
	double			analysis_us;	/* timerlat: the latency analyzed */
	size_t			nr_sources;
	struct report_source	*sources;

	struct report_entries	system;		/* kernel_release, hostname... */
	struct report_entries	config;		/* what a comparison must mind */

	bool			has_tuning;	/* system.tuning (schema 1.7) */
	struct report_entries	settings;	/* system.tuning.settings */
	size_t			nr_findings;
	struct report_finding	*findings;
};

/* The entry of @cpu in @r->cpus (ascending), or NULL. */
struct report_cpu *report_cpu_find(const struct report_data *r, int cpu);

/*
 * "cannot @verb A, an osnoise report (osnoise top), with B, a timerlat
 * report (...): the tools measure different things (@advice)", the paths
 * whole; -1.
 */
int report_tools_differ(const char *verb, const struct report_data *a,
			const struct report_data *b, const char *advice);

#endif
