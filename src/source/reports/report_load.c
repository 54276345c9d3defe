// SPDX-License-Identifier: GPL-2.0
/*
 * report_load - typed access to the members of a report, each failure a
 * message that names the field (see report_load.h)
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/reports/report_load.h"

static const char *const want_text[] = {
	[WANT_NUM] = "a number",
	[WANT_STR] = "a string",
	[WANT_OBJ] = "an object",
	[WANT_ARR] = "an array",
};

/* ---- messages ---- */

int report_oom(void)
{
	err_msg("out of memory");
	return -1;
}

void report_where(struct loader *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l->where, sizeof(l->where), fmt, ap);
	va_end(ap);
}

int report_damaged(struct loader *l, const char *key, const char *why)
{
	err_msg("%s: %s%s%s %s: not a complete rtlens report (was it cut short, or edited?)",
		l->name, l->where, *l->where ? "." : "", key, why);
	return -1;
}

static int wrong(struct loader *l, const char *key, enum want w)
{
	char why[64];

	snprintf(why, sizeof(why), "is missing or not %s", want_text[w]);
	return report_damaged(l, key, why);
}

/* ---- typed members ---- */

bool report_is(json_object *v, enum want w)
{
	switch (w) {
	case WANT_NUM:
		return json_object_is_type(v, json_type_int) ||
		       json_object_is_type(v, json_type_double);
	case WANT_STR:
		return json_object_is_type(v, json_type_string);
	case WANT_OBJ:
		return json_object_is_type(v, json_type_object);
	default:
		return json_object_is_type(v, json_type_array);
	}
}

int report_get(struct loader *l, json_object *o, const char *key, enum want w, json_object **v)
{
	if (json_object_object_get_ex(o, key, v) && report_is(*v, w))
		return 0;
	return wrong(l, key, w);
}

/* A member that may be null or absent: *v NULL then. */
int report_get_null(struct loader *l, json_object *o, const char *key, enum want w,
		    json_object **v)
{
	if (!json_object_object_get_ex(o, key, v) || !*v || report_is(*v, w))
		return 0;
	return wrong(l, key, w);
}

int report_get_num(struct loader *l, json_object *o, const char *key, double *out)
{
	json_object *v;

	if (report_get(l, o, key, WANT_NUM, &v))
		return -1;
	*out = json_object_get_double(v);
	return 0;
}

/* A count (or an index): a whole number from 0 to 2^63 - 1, which a double may not hold */
int report_get_count(struct loader *l, json_object *o, const char *key, uint64_t *out)
{
	double v;

	if (report_get_num(l, o, key, &v))
		return -1;
	if (!(v >= 0 && v < 9223372036854775808.0) || v != (double)(uint64_t)v)
		return report_damaged(l, key, "is not a count (a whole number of at most 63 bits)");
	*out = v;
	return 0;
}

/* A CPU number: a whole number from 0 to REPORT_MAX_CPU - 1 */
int report_get_cpu(struct loader *l, json_object *o, int *cpu)
{
	double n;

	if (report_get_num(l, o, "cpu", &n))
		return -1;
	if (!(n >= 0 && n < REPORT_MAX_CPU) || n != (int)n)
		return report_damaged(l, "cpu", "is not a CPU number");
	*cpu = n;
	return 0;
}

int report_dup(const char *s, char **out)
{
	*out = strdup(s ? s : "");
	return *out ? 0 : report_oom();
}

int report_get_str(struct loader *l, json_object *o, const char *key, char **out)
{
	json_object *v;

	if (report_get(l, o, key, WANT_STR, &v))
		return -1;
	return report_dup(json_object_get_string(v), out);
}

/* An id that may be null (a pid): -1 then. */
int report_get_id(struct loader *l, json_object *o, const char *key, int *out)
{
	json_object *v;

	if (report_get_null(l, o, key, WANT_NUM, &v))
		return -1;
	*out = v ? json_object_get_int(v) : -1;
	return 0;
}

/* A string of a finding: "" when it is not one. */
int report_get_text(json_object *o, const char *key, char **out)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
		v = NULL;
	return report_dup(v ? json_object_get_string(v) : "", out);
}

/* ---- values and entries ---- */

static int load_value(json_object *v, struct report_value *out)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		out->type = VALUE_NULL;
		return 0;
	case json_type_boolean:
		out->type = VALUE_BOOL;
		out->b = json_object_get_boolean(v);
		return 0;
	case json_type_int:
	case json_type_double:
		out->type = VALUE_NUMBER;
		out->num = json_object_get_double(v);
		return report_dup(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN),
			       &out->text);
	case json_type_string:
		out->type = VALUE_STRING;
		return report_dup(json_object_get_string(v), &out->text);
	default:
		out->type = VALUE_STRING;
		return report_dup(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN),
			       &out->text);
	}
}

int report_add_entry(struct report_entries *e, const char *key, json_object *v)
{
	struct report_entry *grown = realloc(e->v, (e->n + 1) * sizeof(*e->v));

	if (!grown)
		return report_oom();
	e->v = grown;
	memset(&e->v[e->n], 0, sizeof(e->v[e->n]));
	if (report_dup(key, &e->v[e->n].key))
		return -1;
	e->n++;
	return load_value(v, &e->v[e->n - 1].value);
}

/* The member @key of @o, when it is there, as the entry @name. */
int report_add_member(struct report_entries *e, json_object *o, const char *key,
		      const char *name)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		return 0;
	return report_add_entry(e, name, v);
}
