// SPDX-License-Identifier: GPL-2.0
/*
 * tail_json - the report's "tail" (2.5, --tail only): each series'
 * samples, threshold and fit, its levels and horizons when every check
 * passed, and the checks with what they measured
 * (Documentation/json-report.md, "tail")
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/json_writer.h"
#include "render/render.h"
#include "render/tail_gate_parts.h"

/* @ns in the report's unit; NaN and infinity become null */
static void json_value(struct json_writer *w, const char *key, double ns, const char *unit)
{
	json_double(w, key, strcmp(unit, "ns") ? ns / 1000 : ns);
}

/* an estimate's three numbers: upper null where no finite bound is supported */
static void json_level(struct json_writer *w, const struct tail_level *l, const char *unit)
{
	json_value(w, "estimate", l->level, unit);
	json_value(w, "lower", l->lower, unit);
	json_value(w, "upper", l->upper, unit);
}

static void json_fit(struct json_writer *w, const struct tail_estimate *e, const char *unit)
{
	if (!e->fitted) {
		json_null(w, "fit");
		return;
	}
	json_begin_object(w, "fit");
	json_value(w, "scale", e->sigma, unit);
	json_double(w, "shape", e->xi);
	json_double(w, "shape_lower", e->xi_lower);
	json_double(w, "shape_upper", e->xi_upper);
	json_bool(w, "heavy", e->heavy);
	json_end_object(w);
}

/* the levels and the horizons, empty when the estimate is not trusted */
static void json_estimates(struct json_writer *w, const struct tail_estimate *e,
			   const char *unit)
{
	bool trusted = tail_estimate_trusted(e);
	int i;

	json_begin_array(w, "levels");
	for (i = 0; trusted && i < TAIL_NR_P; i++) {
		json_begin_object(w, NULL);
		json_real(w, "p", e->p[i].p);
		json_level(w, &e->p[i], unit);
		json_end_object(w);
	}
	json_end_array(w);
	json_begin_array(w, "horizons");
	for (i = 0; trusted && i < e->nr_horizons; i++) {
		json_begin_object(w, NULL);
		json_double(w, "seconds", e->horizon[i].seconds);
		json_u64(w, "samples", (uint64_t)llround(e->horizon[i].samples));
		json_level(w, &e->horizon[i].level, unit);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_checks(struct json_writer *w, const struct tail_estimate *e)
{
	int c;

	json_begin_array(w, "checks");
	for (c = 0; c < NR_TAIL_CHECKS; c++) {
		json_begin_object(w, NULL);
		json_string(w, "check", tail_check_names[c]);
		if (e->checked & (1u << c))
			json_bool(w, "passed", !(e->failed & (1u << c)));
		else
			json_null(w, "passed");
		json_end_object(w);
	}
	json_end_array(w);
}

/* the halves of the run, once the stable check was made */
static void json_halves(struct json_writer *w, const struct tail_estimate *e, const char *unit)
{
	int i;

	json_begin_array(w, "halves");
	for (i = 0; (e->checked & (1u << TAIL_STABLE)) && i < 2; i++) {
		json_begin_object(w, NULL);
		json_u64(w, "exceedances", e->half_k[i]);
		json_level(w, &e->half[i], unit);
		json_end_object(w);
	}
	json_end_array(w);
}

/* what the checks measured: null where not made */
static void json_measures(struct json_writer *w, const struct tail_estimate *e)
{
	bool short_run = (e->failed & (1u << TAIL_ENOUGH)) && isfinite(e->more_s);

	json_double(w, "run_more_s", short_run ? e->more_s : NAN);
	json_double(w, "extremal_index", e->theta);
	json_double(w, "anderson_darling", e->ad);
	json_double(w, "ad_critical", e->ad_critical);
}

static void json_series(struct json_writer *w, const struct run_models *m,
			const struct tail_series *s, const char *unit)
{
	const struct tail_estimate *e = &s->e;

	json_begin_object(w, NULL);
	json_int_or_null(w, "cpu", s->cpu);
	json_string(w, "context", run_models_tail_context(m, s->context));
	json_u64(w, "samples", e->n);
	json_double(w, "span_s", e->span_s);
	json_double(w, "rate_hz", e->rate_hz);
	json_value(w, "max", (double)e->max, unit);
	json_value(w, "threshold", e->threshold > 0 ? e->threshold : NAN, unit);
	json_u64(w, "exceedances", e->k);
	json_bool(w, "trusted", tail_estimate_trusted(e));
	json_fit(w, e, unit);
	json_estimates(w, e, unit);
	json_checks(w, e);
	json_measures(w, e);
	json_halves(w, e, unit);
	json_end_object(w);
}

void json_tail(struct json_writer *w, const struct run_models *m, const struct rtl_params *p,
	       const char *unit)
{
	const struct tail_run *r = run_models_tail_estimates(m);
	int i;

	if (!p->tail || !r)
		return;
	json_begin_object(w, "tail");
	json_string(w, "unit", unit);
	json_begin_array(w, "horizons_s");
	for (i = 0; i < p->nr_tail_horizons; i++)
		json_double(w, NULL, p->tail_horizons_s[i]);
	json_end_array(w);
	json_begin_array(w, "series");
	for (i = 0; i < r->nr; i++)
		json_series(w, m, &r->series[i], unit);
	json_end_array(w);
	tail_gate_json(w, m, unit);
	json_end_object(w);
}
