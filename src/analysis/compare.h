/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare - two reports of one tool side by side (`rtlens compare`): per
 * CPU and overall metrics, the sources of the analysis that changed most,
 * the system, run and tuning differences, and which run is better. Pure
 * functions of two struct report_data; the renderers (render/compare_render.h)
 * put it into words.
 *
 * The verdict (documented in Documentation/json-compare.md) walks a rule,
 * a list of overall metrics, most telling first: osnoise the CPU available
 * (the CPU time lost), then the tail: the noise p99 and p99.9; timerlat
 * the tail of the thread latency, its p99 and p99.9. A percentile with
 * fewer than CMP_TAIL_SAMPLES samples past it in either run is passed
 * over. A single maximum, which one event makes, is judged only when no
 * percentile is (reports without histograms, runs too short for a tail):
 * the longest single noise, timerlat the thread latency's mean, then its
 * maximum; two runs of one tail are the same whatever their maxima. A
 * metric differs when the two values are more than CMP_MARGIN_REL of the
 * larger apart and more than CMP_MARGIN_US (times; 1 per second for
 * rates) or CMP_MARGIN_PCT points of CPU time lost apart, and more than
 * their resolution (a percentile: a bucket of the histograms it is read
 * from). The first metric that differs decides, unless the
 * runs are too short to tell (a CPU with fewer than CMP_MIN_PERIODS osnoise
 * periods or CMP_MIN_SAMPLES latencies) or too close to tell (with two CPUs
 * or more, the difference is within the standard deviation of the metric
 * over the CPUs of the run that varies least); when none differs, the runs
 * are the same.
 *
 * The gate (--fail-if-worse METRIC[:MARGIN], compare_gate.c) fails when B
 * is worse than A by more than the margin on the metric, overall or on a
 * CPU of both.
 */
#ifndef RTLENS_COMPARE_H
#define RTLENS_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/report_data.h"

#define CMP_MARGIN_REL		0.10
#define CMP_MARGIN_US		1.0
#define CMP_MARGIN_PCT		0.01
#define CMP_MAX_METRICS		24
#define CMP_TOP_SOURCES		10
#define CMP_MAX_PIDS		4
#define CMP_RULE_MAX		3
#define CMP_MIN_PERIODS		10
#define CMP_MIN_SAMPLES		1000
#define CMP_TAIL_SAMPLES	10
#define CMP_MAX_GATES		8
#define CMP_TAIL_METRICS	REPORT_TAIL_LEVELS	/* the gate's alone: the tail's levels */

enum cmp_better {
	BETTER_LOWER,
	BETTER_HIGHER,
	BETTER_NEITHER,		/* a count: more or fewer is no better */
};

struct cmp_metric {
	const char	*key;		/* JSON: "max_single_us" */
	const char	*label;		/* text: "max single noise" */
	const char	*unit;		/* "us", "%", "/s", "" */
	enum cmp_better	better;
	int		decimals;	/* at most, in the text */
	int		lat;		/* timerlat: its latency (LAT_*); osnoise -1 */
	bool		from_hist;	/* a percentile: both reports need a histogram */
};

/* One metric of both runs; a value that is not known is not set. */
struct cmp_cell {
	double		a;
	double		b;
	bool		has_a;
	bool		has_b;
	double		resolution;	/* us: what the values are known to (a
					 * percentile: the widest bucket of the
					 * histograms); 0: exactly */
};

struct cmp_row {
	int		cpu;		/* -1: overall */
	struct cmp_cell	v[CMP_MAX_METRICS];
};

/* The CPU of a run with the worst value of the deciding metric. */
struct cmp_worst {
	bool		set;
	int		cpu;
	double		value;
};

enum cmp_side {
	SIDE_SAME,
	SIDE_A,
	SIDE_B,
};

/* A source of the analyses, by kind and name, in both runs. */
struct cmp_source {
	const char	*kind;		/* the reports' strings */
	const char	*name;
	struct cmp_cell	us;		/* osnoise: us per second; timerlat: us */
	struct cmp_cell	count;		/* osnoise: per second; timerlat: events */
	bool		count_unknown[2];	/* A's, B's: a report's count was null */
	bool		estimated;	/* the hypervisor's, from steal: us is an estimate */
	int		pids[2][CMP_MAX_PIDS];	/* threads: A's, B's, -1 after the last */
	int		cpu_lo;		/* the CPUs it was seen on, lowest */
	int		cpu_hi;		/* and highest */
};

/* A key whose value differs; NULL: not in that report. */
struct cmp_diff {
	const char			*key;
	const struct report_value	*a;
	const struct report_value	*b;
};

struct cmp_diffs {
	size_t		n;
	struct cmp_diff	*v;
};

/* A tuning finding (id + cpus) that is a problem in one run only. */
struct cmp_finding {
	const struct report_finding	*a;	/* NULL: not in A */
	const struct report_finding	*b;
};

/* Why a verdict that leans one way is not given */
enum cmp_doubt {
	DOUBT_NONE,
	DOUBT_PERIODS,		/* osnoise: a CPU with too few periods */
	DOUBT_SAMPLES,		/* timerlat: a CPU with too few latencies */
	DOUBT_SPREAD,		/* within the spread of the metric over the CPUs */
};

struct cmp_verdict {
	enum cmp_side	better;		/* SIDE_SAME too when in doubt */
	int		metric;		/* deciding (or, when the same, the first) */
	int		second;		/* the other one shown, -1: none */
	bool		has_ratio;
	double		ratio;		/* the worse over the better, >= 1 */
	int		rule[CMP_RULE_MAX];	/* the metrics walked, in order */
	int		nr_rule;
	enum cmp_doubt	doubt;
	enum cmp_side	leaning;	/* in doubt: the side @metric favours */
	double		fewest;		/* PERIODS, SAMPLES: the fewest of a CPU */
	double		spread;		/* SPREAD: the standard deviation */
};

/* --fail-if-worse METRIC[:MARGIN] */
enum cmp_margin {
	MARGIN_RULE,		/* none given: worse by the verdict's margins */
	MARGIN_REL,		/* "+5%": a share of A's value */
	MARGIN_ABS,		/* "+10us", "+0.5pp", "+2": in the metric's unit */
};

struct cmp_gate_rule {
	const char	*text;		/* as given, "p99:+10%" */
	char		name[32];	/* "p99", "thread_max_us" */
	enum cmp_margin	kind;
	double		margin;		/* REL: a fraction; ABS: us, points, per s */
	char		unit[4];	/* ABS: "us" (given as a time), "pp", "" */
};

/* A CPU (or the overall) on which B is worse than the margin allows */
struct cmp_gate_fail {
	int		cpu;		/* -1: overall */
	double		a;		/* the metric's values */
	double		b;
	double		worse_by;	/* in its unit; "%": points of CPU time lost */
	double		allowed;
};

struct cmp_gate_result {
	const struct cmp_gate_rule	*rule;
	int				metric;
	size_t				checked;	/* the rows known in both */
	size_t				nr_fails;	/* the overall first */
	struct cmp_gate_fail		*fails;
};

struct cmp_gate {
	size_t			n;		/* 0: no gate asked */
	struct cmp_gate_result	*v;
	bool			failed;
};

/* A list of CPUs, ascending. */
struct cmp_cpus {
	size_t		n;
	int		*cpu;
};

struct compare_shape;

struct comparison {
	const struct report_data	*a;
	const struct report_data	*b;
	const struct tool_desc		*tool;		/* the plain tool of both */
	const struct compare_shape	*shape;		/* what its shape compares by */
	const struct cmp_metric		*metrics;	/* the family's */
	int				nr_metrics;
	/*
	 * after them in each row, the gate's alone, which no table shows:
	 * --tail's levels (CMP_TAIL_METRICS), each CPU's of its own series,
	 * overall the highest of the CPUs compared
	 */
	const struct cmp_metric		*tail_metrics;
	bool				on[CMP_MAX_METRICS];	/* in both runs */

	struct cmp_cpus			both;
	struct cmp_cpus			only_a;
	struct cmp_cpus			only_b;
	bool				overall_all;	/* no CPU in both: each its own */
	struct cmp_row			*rows;		/* one per CPU of both */
	struct cmp_row			overall;
	int				worst_metric;
	struct cmp_worst		worst_a;
	struct cmp_worst		worst_b;

	size_t				nr_sources;	/* most changed first */
	struct cmp_source		*sources;

	struct cmp_diffs		system;		/* in both, different */
	struct cmp_diffs		config;
	struct cmp_diffs		settings;	/* added, removed, changed */
	size_t				nr_findings;
	struct cmp_finding		*findings;

	struct cmp_verdict		verdict;
	struct cmp_gate			gate;
};

/*
 * Can @a and @b be compared (one tool: osnoise top/hist/hwnoise, or
 * timerlat top/hist)? 0, or -1 with a message saying why not.
 */
int compare_check(const struct report_data *a, const struct report_data *b);
/* Compare @a with @b into @c. 0, or -1 (out of memory, a message). */
int compare_reports(struct comparison *c, const struct report_data *a,
		    const struct report_data *b);
void comparison_free(struct comparison *c);

/*
 * The @pct percentile (0 < pct <= 100) of @h, in us: the largest value the
 * bucket that holds it can hold (values are whole numbers of the unit),
 * never above max; max when it lies past the last bucket. false when @h
 * holds no value.
 */
bool hist_percentile(const struct report_hist *h, double pct, double *us);
/* The values @h holds: its buckets' and those past the last */
uint64_t hist_values(const struct report_hist *h);

/* A finding that is a problem: status "warn" or "breaks" */
bool finding_is_problem(const struct report_finding *f);

/*
 * "METRIC[:MARGIN]" into @rule (@text is kept); MARGIN [+]NUMBER with %
 * (relative), ns, us, ms, s (a time), pp (points of CPU time lost) or no
 * unit (the metric's). -1 with *@why when it is no such thing.
 */
int compare_gate_parse(const char *text, struct cmp_gate_rule *rule, const char **why);
/*
 * The @n rules on @c (its gate): 0, or -1 with a message when a rule
 * names a metric the reports do not have (the message lists theirs) or a
 * margin in a unit the metric is not in.
 */
int compare_gate(struct comparison *c, const struct cmp_gate_rule *rules, size_t n);

/* The index of the metric @key of @c (a table's, or the gate's alone), -1 when it has none */
int compare_metric_find(const struct comparison *c, const char *key);
/* The metric of index @m: a table's (under nr_metrics) or, after them, the gate's alone */
const struct cmp_metric *compare_metric(const struct comparison *c, int m);
/* Is @m one of the tail's levels? */
bool compare_is_tail(const struct comparison *c, int m);
/* CPU time lost for "%" metrics (100 - the CPU available), else the value */
double compare_badness(const struct cmp_metric *m, double v);

/*
 * The difference of @a and @b, the badness of @cell's values, within which
 * they are the same by the margins above (@m's unit, @cell's resolution)
 */
double compare_margin(const struct cmp_metric *m, const struct cmp_cell *cell, double a,
		      double b);
/* Does @cell differ by the rule above (@m's unit)? Which side is better? */
enum cmp_side compare_judge(const struct cmp_metric *m, const struct cmp_cell *cell);

/* ---- the parts, for compare.c ---- */
int compare_sources(struct comparison *c);
int compare_diffs(struct comparison *c);
void compare_free_diffs(struct comparison *c);
void compare_verdict(struct comparison *c);
void compare_free_gate(struct comparison *c);
/*
 * compare_tail.c: gate result @g's tail level is not known overall: which
 * report lacks it on which CPU, and why, said; -1
 */
int compare_tail_unknown(const struct comparison *c, const struct cmp_gate_result *g);

#endif
