// SPDX-License-Identifier: GPL-2.0
/*
 * report_tail - a report's "tail" (2.5, --tail) read back: of each CPU's
 * series of the tool's main samples (the shape's tail_context: osnoise's
 * noise, timerlat's thread latency), whether its estimate is trusted, the
 * checks that failed and its levels at 1e-6 and 1e-9, in us (see
 * report_load.h). The series of all the CPUs together is not read: a
 * comparison's CPUs are those of both runs.
 */
#include <math.h>
#include <string.h>

#include "analysis/tail_estimate.h"
#include "source/reports/report_parts.h"
#include "source/reports/report_shape.h"

_Static_assert(REPORT_TAIL_LEVELS == TAIL_NR_P, "a level of the report per probability");

/* the level of probability @p, -1 when it is none of the tail's */
static int level_of(double p)
{
	int i;

	for (i = 0; i < TAIL_NR_P; i++)
		if (fabs(p / tail_probs[i] - 1) < 1e-6)
			return i;
	return -1;
}

/* a number or null (NAN) */
static int get_maybe(struct loader *l, json_object *o, const char *key, double *out)
{
	json_object *v;

	if (report_get_null(l, o, key, WANT_NUM, &v))
		return -1;
	*out = v ? json_object_get_double(v) : NAN;
	return 0;
}

static int load_levels(struct loader *l, json_object *s, double to_us, struct report_tail *t)
{
	json_object *levels, *o;
	double p, est;
	size_t i;
	int at;

	if (report_get(l, s, "levels", WANT_ARR, &levels))
		return -1;
	for (i = 0; i < json_object_array_length(levels); i++) {
		o = json_object_array_get_idx(levels, i);
		if (!report_is(o, WANT_OBJ))
			return report_damaged(l, "levels", "holds what is not an object");
		if (report_get_num(l, o, "p", &p) || get_maybe(l, o, "estimate", &est))
			return -1;
		if ((at = level_of(p)) >= 0)
			t->level_us[at] = est * to_us;
	}
	return 0;
}

/* the checks that failed, by their names: passed false (null: not made) */
static int load_checks(struct loader *l, json_object *s, struct report_tail *t)
{
	json_object *checks, *o, *name, *passed;
	size_t i;
	int c;

	if (report_get(l, s, "checks", WANT_ARR, &checks))
		return -1;
	for (i = 0; i < json_object_array_length(checks); i++) {
		o = json_object_array_get_idx(checks, i);
		if (!report_is(o, WANT_OBJ) || report_get(l, o, "check", WANT_STR, &name))
			return report_damaged(l, "checks", "holds a check without its name");
		passed = json_object_object_get(o, "passed");
		for (c = 0; c < NR_TAIL_CHECKS; c++)
			if (!strcmp(json_object_get_string(name), tail_check_names[c]) &&
			    json_object_is_type(passed, json_type_boolean) &&
			    !json_object_get_boolean(passed))
				t->failed |= 1u << c;
	}
	return 0;
}

static int load_series(struct loader *l, json_object *s, double to_us)
{
	json_object *context, *trusted;
	struct report_cpu *c;
	struct report_tail *t;
	int cpu, i;

	if (report_get(l, s, "context", WANT_STR, &context) ||
	    report_get_id(l, s, "cpu", &cpu))
		return -1;
	if (cpu < 0 || strcmp(json_object_get_string(context), l->shape->tail_context) ||
	    !(c = report_cpu_find(l->r, cpu)))
		return 0;
	t = &c->tail;
	*t = (struct report_tail){ .present = true, .run_more_s = NAN };
	for (i = 0; i < REPORT_TAIL_LEVELS; i++)
		t->level_us[i] = NAN;
	if (!(trusted = json_object_object_get(s, "trusted")) ||
	    !json_object_is_type(trusted, json_type_boolean))
		return report_damaged(l, "trusted", "is not true or false");
	t->trusted = json_object_get_boolean(trusted);
	return load_levels(l, s, to_us, t) || load_checks(l, s, t) ||
	       get_maybe(l, s, "run_more_s", &t->run_more_s);
}

int report_load_tail(struct loader *l, json_object *doc)
{
	json_object *tail, *unit, *series, *s;
	double to_us;
	size_t i;

	if (report_get_null(l, doc, "tail", WANT_OBJ, &tail) || !tail)
		return tail ? -1 : 0;
	report_where(l, "tail");
	if (report_get(l, tail, "unit", WANT_STR, &unit) ||
	    report_get(l, tail, "series", WANT_ARR, &series))
		return -1;
	to_us = report_unit_to_us(json_object_get_string(unit));
	l->r->has_tail = true;
	for (i = 0; i < json_object_array_length(series); i++) {
		report_where(l, "tail.series[%zu]", i);
		s = json_object_array_get_idx(series, i);
		if (!report_is(s, WANT_OBJ))
			return report_damaged(l, "", "is not an object");
		if (load_series(l, s, to_us))
			return -1;
	}
	report_where(l, "%s", "");
	return 0;
}
