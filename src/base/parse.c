// SPDX-License-Identifier: GPL-2.0
/*
 * parse - strict parsers for option values
 */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/parse.h"

#define VALUE_MAX	((uint64_t)INT64_MAX)

struct unit {
	const char	*suffix;
	uint64_t	mult;
};

static const struct unit duration_units[] = {
	{ "",	1 },
	{ "s",	1 },
	{ "m",	60 },
	{ "h",	60 * 60 },
	{ "d",	24 * 60 * 60 },
	{ NULL,	0 },
};

static const struct unit time_units[] = {
	{ "",	1 },
	{ "ns",	1 },
	{ "us",	1000 },
	{ "ms",	1000 * 1000 },
	{ "s",	1000 * 1000 * 1000 },
	{ NULL,	0 },
};

static void set_why(const char **why, const char *msg)
{
	if (why)
		*why = msg;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Read the leading digits of [s, end) into *val; *stop points past them.
 * At least one digit is needed and the value may not exceed VALUE_MAX.
 */
static int parse_digits(const char *s, const char *end, uint64_t *val,
			const char **stop, const char **why)
{
	uint64_t v = 0;

	if (s == end || !is_digit(*s)) {
		set_why(why, s == end ? "empty number" : "not a decimal number");
		return -1;
	}
	for (; s < end && is_digit(*s); s++) {
		unsigned int digit = *s - '0';

		if (v > (VALUE_MAX - digit) / 10) {
			set_why(why, "number is too large");
			return -1;
		}
		v = v * 10 + digit;
	}
	*val = v;
	*stop = s;
	return 0;
}

static int parse_whole(const char *s, const char *end, uint64_t *val,
		       const char **why)
{
	const char *stop;
	uint64_t v;

	if (parse_digits(s, end, &v, &stop, why))
		return -1;
	if (stop != end) {
		set_why(why, "not a decimal number");
		return -1;
	}
	*val = v;
	return 0;
}

int parse_u64(const char *str, uint64_t *val, const char **why)
{
	return parse_whole(str, str + strlen(str), val, why);
}

#define FRACTION_DIGITS	9

int parse_decimal(const char *str, double *val, const char **why)
{
	const char *end = str + strlen(str), *point = strchr(str, '.');
	uint64_t whole, frac = 0;
	const char *stop;
	double scale = 1;

	if (parse_digits(str, point ? point : end, &whole, &stop, why))
		return -1;
	if (stop != (point ? point : end)) {
		set_why(why, "not a decimal number");
		return -1;
	}
	if (point && end - point - 1 > FRACTION_DIGITS) {
		set_why(why, "at most 9 digits after the point");
		return -1;
	}
	if (point && parse_whole(point + 1, end, &frac, why))
		return -1;
	for (stop = point ? point + 1 : end; stop < end; stop++)
		scale *= 10;
	*val = (double)whole + (double)frac / scale;
	return 0;
}

/* past the digits at @s (none: @s) */
static const char *skip_digits(const char *s)
{
	while (is_digit(*s))
		s++;
	return s;
}

/* digits, a point and digits or not, then an exponent or not: "1e-9", "0.5", "2.5E-7" */
static bool is_real(const char *s)
{
	const char *at = skip_digits(s);

	if (at == s)
		return false;
	if (*at == '.') {
		const char *frac = at + 1;

		if ((at = skip_digits(frac)) == frac)
			return false;
	}
	if (*at == 'e' || *at == 'E') {
		const char *exp = at + 1 + (at[1] == '-' || at[1] == '+');

		at = skip_digits(exp);
		if (at == exp || at - exp > 3)
			return false;
	}
	return !*at;
}

int parse_probability(const char *str, double *val, const char **why)
{
	double v;

	if (!is_real(str)) {
		set_why(why, *str ? "not a probability: write it as 0.000001 or 1e-6" :
			"empty number");
		return -1;
	}
	v = strtod(str, NULL);
	if (!(v > 0) || !(v < 1)) {
		set_why(why, "a probability is over 0 and under 1");
		return -1;
	}
	*val = v;
	return 0;
}

static const struct unit *find_unit(const struct unit *units, const char *s,
				    const char *end)
{
	size_t len = end - s;

	for (; units->suffix; units++) {
		if (strlen(units->suffix) == len && !memcmp(units->suffix, s, len))
			return units;
	}
	return NULL;
}

/* A number followed by one of @units, scaled; @bad_unit when unknown. */
static int parse_scaled(const char *s, const char *end,
			const struct unit *units, uint64_t *val,
			const char *bad_unit, const char **why)
{
	const struct unit *unit;
	const char *stop;
	uint64_t v;

	if (parse_digits(s, end, &v, &stop, why))
		return -1;
	unit = find_unit(units, stop, end);
	if (!unit) {
		set_why(why, bad_unit);
		return -1;
	}
	if (v > VALUE_MAX / unit->mult) {
		set_why(why, "value is too large");
		return -1;
	}
	*val = v * unit->mult;
	return 0;
}

int parse_duration(const char *str, uint64_t *seconds, const char **why)
{
	uint64_t v;

	if (parse_scaled(str, str + strlen(str), duration_units, &v,
			 "duration unit must be s, m, h or d", why))
		return -1;
	if (!v) {
		set_why(why, "duration must be greater than 0");
		return -1;
	}
	if (v > DURATION_MAX_S) {
		set_why(why, "duration must be at most 365d (31536000 s)");
		return -1;
	}
	*seconds = v;
	return 0;
}

static int parse_time_span(const char *s, const char *end, uint64_t *ns,
			   const char **why)
{
	return parse_scaled(s, end, time_units, ns,
			    "time unit must be ns, us, ms or s", why);
}

int parse_time_ns(const char *str, uint64_t *ns, const char **why)
{
	return parse_time_span(str, str + strlen(str), ns, why);
}

static int parse_nice(const char *s, struct sched_attr_req *req,
		      const char **why)
{
	const char *end = s + strlen(s);
	bool neg = false;
	uint64_t v;

	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	if (parse_whole(s, end, &v, why))
		return -1;
	if ((neg && v > 20) || (!neg && v > 19)) {
		set_why(why, "nice value must be -20..19");
		return -1;
	}
	req->kind = SCHED_KIND_OTHER;
	req->prio = neg ? -(int)v : (int)v;
	return 0;
}

static int parse_rt(const char *s, enum sched_kind kind,
		    struct sched_attr_req *req, const char **why)
{
	uint64_t v;

	if (parse_u64(s, &v, why))
		return -1;
	if (v < 1 || v > 99) {
		set_why(why, kind == SCHED_KIND_FIFO ?
			"FIFO priority must be 1-99" : "RR priority must be 1-99");
		return -1;
	}
	req->kind = kind;
	req->prio = (int)v;
	return 0;
}

static int parse_deadline(const char *s, struct sched_attr_req *req,
			  const char **why)
{
	const char *colon = strchr(s, ':');
	uint64_t runtime, period;

	if (!colon) {
		set_why(why, "deadline must be d:runtime:period");
		return -1;
	}
	if (parse_time_span(s, colon, &runtime, why) ||
	    parse_time_ns(colon + 1, &period, why))
		return -1;
	if (!runtime || !period) {
		set_why(why, !runtime ? "deadline runtime must be greater than 0" :
			"deadline period must be greater than 0");
		return -1;
	}
	if (runtime > period) {
		set_why(why, "deadline runtime must not exceed the period");
		return -1;
	}
	req->kind = SCHED_KIND_DEADLINE;
	req->runtime_ns = runtime;
	req->period_ns = period;
	return 0;
}

int parse_priority(const char *str, struct sched_attr_req *req,
		   const char **why)
{
	struct sched_attr_req r = { .kind = SCHED_KIND_NONE };
	int ret;

	if (!str[0] || str[1] != ':') {
		set_why(why, "priority must be o:nice, r:prio, f:prio or d:runtime:period");
		return -1;
	}
	/* either case, as rtla: scripts write F:1 as often as f:1 */
	switch (tolower((unsigned char)str[0])) {
	case 'o':
		ret = parse_nice(str + 2, &r, why);
		break;
	case 'r':
		ret = parse_rt(str + 2, SCHED_KIND_RR, &r, why);
		break;
	case 'f':
		ret = parse_rt(str + 2, SCHED_KIND_FIFO, &r, why);
		break;
	case 'd':
		ret = parse_deadline(str + 2, &r, why);
		break;
	default:
		set_why(why, "scheduling policy must be o, r, f or d (or O, R, F, D)");
		return -1;
	}
	if (!ret)
		*req = r;
	return ret;
}
