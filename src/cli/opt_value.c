// SPDX-License-Identifier: GPL-2.0
/*
 * opt_value - a typed option's value: checked against its row (a range, a
 * list of names, a file's name), stored in the field the row names, and
 * the message of a value refused, made from the row ("the period must be
 * 1 us to 10 s (10000000 us)", "the engine is auto, kernel or user")
 */
#include <inttypes.h>
#include <string.h>

#include "base/parse.h"
#include "cli/opt_value.h"

/* the message made for the last value refused */
static char why_buf[256];

static void *field_of(const struct opt_desc *o, void *ctx)
{
	return (char *)ctx + o->offset;
}

static const char *what_of(const struct opt_desc *o)
{
	return o->what ? o->what : "the value";
}

/* "100 us", "10 s (10000000 us)", "1 kB", "64"; 0 without a unit */
static void amount(char *buf, size_t len, uint64_t v, enum opt_unit unit)
{
	if (!v || unit == OPT_UNIT_NONE)
		snprintf(buf, len, "%" PRIu64, v);
	else if (unit == OPT_UNIT_KB)
		snprintf(buf, len, "%" PRIu64 " kB", v);
	else if (v >= 1000000 && !(v % 1000000))
		snprintf(buf, len, "%" PRIu64 " s (%" PRIu64 " us)", v / 1000000, v);
	else
		snprintf(buf, len, "%" PRIu64 " us", v);
}

/* the largest value @o takes: its own bound, or what its field holds */
static uint64_t max_of(const struct opt_desc *o)
{
	if (o->max)
		return o->max;
	return o->size == sizeof(uint32_t) ? INT32_MAX : UINT64_MAX;
}

/* "the period must be 1 us to 10 s (10000000 us)", "... at least 100 us" */
static const char *range_why(const struct opt_desc *o)
{
	char lo[64], hi[64];
	uint64_t max = max_of(o);

	amount(lo, sizeof(lo), o->min, o->unit);
	amount(hi, sizeof(hi), max, o->unit);
	if (max == UINT64_MAX)
		snprintf(why_buf, sizeof(why_buf), "%s must be at least %s", what_of(o), lo);
	else
		snprintf(why_buf, sizeof(why_buf), "%s must be %s to %s", what_of(o), lo, hi);
	if (o->note) {
		size_t at = strlen(why_buf);

		snprintf(why_buf + at, sizeof(why_buf) - at, ", %s", o->note);
	}
	return why_buf;
}

static int store_uint(const struct opt_desc *o, void *ctx, const char *arg, const char **why)
{
	uint64_t v;
	uint32_t narrow;

	if (parse_u64(arg, &v, why))
		return -1;
	if (v < o->min || v > max_of(o)) {
		*why = range_why(o);
		return -1;
	}
	narrow = (uint32_t)v;
	if (o->size == sizeof(narrow))
		memcpy(field_of(o, ctx), &narrow, sizeof(narrow));
	else
		memcpy(field_of(o, ctx), &v, sizeof(v));
	return 0;
}

/* "not a decimal number: the speed is a number over 0 up to 1000, as 0.5, 2 or 10" */
static int store_factor(const struct opt_desc *o, void *ctx, const char *arg, const char **why)
{
	const char *bad = NULL;
	double v = 0;

	if (!parse_decimal(arg, &v, &bad) && v > 0 && v <= (double)o->max) {
		memcpy(field_of(o, ctx), &v, sizeof(v));
		return 0;
	}
	snprintf(why_buf, sizeof(why_buf), "%s%s%s is a number over 0 up to %" PRIu64
		 ", as 0.5, 2 or 10", bad ? bad : "", bad ? ": " : "", what_of(o), o->max);
	*why = why_buf;
	return -1;
}

/* "the engine is auto, kernel or user" */
static const char *names_why(const struct opt_desc *o)
{
	size_t i, at;

	at = snprintf(why_buf, sizeof(why_buf), "%s is ", what_of(o));
	for (i = 0; i < o->nr_names && at < sizeof(why_buf); i++)
		at += snprintf(why_buf + at, sizeof(why_buf) - at, "%s%s",
			       !i ? "" : i + 1 == o->nr_names ? " or " : ", ", o->names[i]);
	return why_buf;
}

/* the index of @arg among @o's names; -1, *@why set, when it is none of them */
static int name_index(const struct opt_desc *o, const char *arg, const char **why)
{
	size_t i;

	for (i = 0; i < o->nr_names; i++)
		if (o->names[i] && !strcmp(arg, o->names[i]))
			return (int)i;
	*why = names_why(o);
	return -1;
}

static int store_path(const struct opt_desc *o, void *ctx, const char *arg, const char **why)
{
	if (!*arg) {
		*why = o->empty ? o->empty : "the file name is empty";
		return -1;
	}
	if (o->dash && !strcmp(arg, "-")) {
		*why = o->dash;
		return -1;
	}
	memcpy(field_of(o, ctx), &arg, sizeof(arg));
	return 0;
}

static int store_typed(const struct opt_desc *o, void *ctx, const char *arg, bool negated,
		       const char **why)
{
	bool on = !negated;
	int i;

	switch (o->type) {
	case OPT_BOOL:
		memcpy(field_of(o, ctx), &on, sizeof(on));
		return 0;
	case OPT_UINT:
		return store_uint(o, ctx, arg, why);
	case OPT_DURATION:
		return parse_duration(arg, field_of(o, ctx), why);
	case OPT_FACTOR:
		return store_factor(o, ctx, arg, why);
	case OPT_STRING:
		memcpy(field_of(o, ctx), &arg, sizeof(arg));
		return 0;
	case OPT_PATH:
		return store_path(o, ctx, arg, why);
	case OPT_ENUM:
		i = name_index(o, arg, why);
		if (i >= 0)
			memcpy(field_of(o, ctx), &i, sizeof(i));
		return i < 0 ? -1 : 0;
	case OPT_CHOICE:
		i = name_index(o, arg, why);
		if (i >= 0)
			memcpy(field_of(o, ctx), &o->names[i], sizeof(o->names[i]));
		return i < 0 ? -1 : 0;
	default:
		return o->set(ctx, arg, why);
	}
}

int opt_store(const struct opt_desc *o, void *ctx, const char *arg, bool negated,
	      const char **why)
{
	if (store_typed(o, ctx, arg, negated, why))
		return -1;
	return o->type != OPT_CUSTOM && o->then ? o->then(ctx, why) : 0;
}
