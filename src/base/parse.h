/* SPDX-License-Identifier: GPL-2.0 */
/*
 * parse - strict parsers for option values
 *
 * Every parser returns 0 on success and -1 on a bad value, leaving the output
 * untouched; *why (when not NULL) then points to a static explanation.
 */
#ifndef RTLENS_PARSE_H
#define RTLENS_PARSE_H

#include <stdint.h>

/* A whole decimal number, no sign, no trailing junk, fits in 63 bits. */
int parse_u64(const char *str, uint64_t *val, const char **why);

#define DURATION_MAX_S	(365ULL * 24 * 60 * 60)	/* a year: longer is a typo */

/* "10", "10s", "5m", "2h", "1d" -> seconds; 0 and over DURATION_MAX_S are refused. */
int parse_duration(const char *str, uint64_t *seconds, const char **why);

/*
 * A decimal number, a fraction allowed: "2", "0.5", "1.25" (at most 9
 * digits after the point); no sign, no exponent.
 */
int parse_decimal(const char *str, double *val, const char **why);

/*
 * A probability over 0 and under 1, a decimal or with an exponent:
 * "0.000001", "1e-9", "2.5E-7"; no sign before it, no hexadecimal, no
 * "inf" or "nan".
 */
int parse_probability(const char *str, double *val, const char **why);

/* "500", "500ns", "20us", "3ms", "1s" -> nanoseconds (plain numbers are ns). */
int parse_time_ns(const char *str, uint64_t *ns, const char **why);

enum sched_kind {
	SCHED_KIND_NONE = 0,
	SCHED_KIND_OTHER,	/* o:nice   (-20..19) */
	SCHED_KIND_RR,		/* r:prio   (1..99)   */
	SCHED_KIND_FIFO,	/* f:prio   (1..99)   */
	SCHED_KIND_DEADLINE,	/* d:runtime:period, runtime <= period */
};

struct sched_attr_req {
	enum sched_kind	kind;
	int		prio;		/* nice for OTHER, rt priority for RR/FIFO */
	uint64_t	runtime_ns;	/* DEADLINE only */
	uint64_t	period_ns;	/* DEADLINE only */
};

/* rtla's -P syntax: o:prio | r:prio | f:prio | d:runtime[us|ms|s]:period[us|ms|s] */
int parse_priority(const char *str, struct sched_attr_req *req, const char **why);

#endif
