// SPDX-License-Identifier: GPL-2.0
/*
 * tail_text - --tail's section at the end of the text: a legend once,
 * then two lines or so per series (each measured CPU's contexts, then
 * the CPUs together): its samples, rate, maximum, threshold and
 * exceedances; the levels and horizons when every check passed, else
 * each check that failed and what to do
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/render.h"
#include "render/wrap_text.h"

#define VALUE_LEN	32

/* @ns in @unit as the table shows it; "no bound" past any, "n/a" for none */
static const char *value(char *buf, double ns, const char *unit)
{
	if (isinf(ns))
		return "no bound";
	if (isnan(ns))
		return "n/a";
	if (!strcmp(unit, "ns"))
		snprintf(buf, VALUE_LEN, "%.0f", ns);
	else
		snprintf(buf, VALUE_LEN, "%.1f", ns / 1000);
	return buf;
}

/* "~18.2 (16.0-21.4)": an estimate and its 90 % interval */
static void estimate(FILE *out, const char *label, const struct tail_level *l,
		     const char *unit)
{
	char est[VALUE_LEN], lo[VALUE_LEN], hi[VALUE_LEN];

	if (isnan(l->level)) {
		fprintf(out, "  %s n/a", label);
		return;
	}
	fprintf(out, "  %s ~%s (%s-%s)", label, value(est, l->level, unit),
		value(lo, l->lower, unit), value(hi, l->upper, unit));
}

/* a horizon as --tail takes it: "90s", "20m", "24h" */
static void horizon_name(char *buf, double s)
{
	if (s >= 3600 && !fmod(s, 3600))
		snprintf(buf, VALUE_LEN, "%.0fh", s / 3600);
	else if (s >= 60 && !fmod(s, 60))
		snprintf(buf, VALUE_LEN, "%.0fm", s / 60);
	else
		snprintf(buf, VALUE_LEN, "%.0fs", s);
}

/* a probability per sample: "1e-6" */
static void prob_name(char *buf, double p)
{
	snprintf(buf, VALUE_LEN, "1e-%.0f", -log10(p));
}

/* the time a run needs yet, in the unit that reads best */
static void duration_words(char *buf, size_t len, double s)
{
	if (s < 10)
		snprintf(buf, len, "%.1f s", s);
	else if (s < 120)
		snprintf(buf, len, "%.0f s", s);
	else if (s < 7200)
		snprintf(buf, len, "%.0f min", s / 60);
	else
		snprintf(buf, len, "%.1f h", s / 3600);
}

static void legend(FILE *out, const struct rtl_params *p, const char *unit)
{
	char name[VALUE_LEN];
	int i;

	fprintf(out, "Tail estimates (--tail), in %s:\n", unit);
	fprintf(out, "  ~E (L-U): an estimate and its 90 %% interval (horizons: 90 %% or more; "
		"\"no bound\": no finite upper end), shown when the fit passes its checks\n  ");
	for (i = 0; i < TAIL_NR_P; i++) {
		prob_name(name, tail_probs[i]);
		fprintf(out, "%s%s", i ? ", " : "", name);
	}
	fprintf(out, ": the level a sample exceeds with that probability; ");
	for (i = 0; i < p->nr_tail_horizons; i++) {
		horizon_name(name, p->tail_horizons_s[i]);
		fprintf(out, "%s%s", i ? ", " : "", name);
	}
	fprintf(out, ": the worst sample expected in that time at the run's rate\n");
}

/* "CPU 3 thread: 3600000 samples at 1000/s, max 41.2; 4095 over the threshold 12.1" */
static void facts(FILE *out, const struct run_models *m, const struct tail_series *s,
		  const char *unit)
{
	const struct tail_estimate *e = &s->e;
	char max[VALUE_LEN], u[VALUE_LEN];

	if (s->cpu < 0)
		fprintf(out, "all CPUs %s: ", run_models_tail_context(m, s->context));
	else
		fprintf(out, "CPU %d %s: ", s->cpu, run_models_tail_context(m, s->context));
	fprintf(out, "%llu samples at %.*f/s, max %s", (unsigned long long)e->n,
		e->rate_hz < 100 ? 1 : 0, e->rate_hz, value(max, (double)e->max, unit));
	if (e->threshold > 0)
		fprintf(out, "; %zu over the threshold %s", e->k, value(u, e->threshold, unit));
	fputc('\n', out);
}

static void trusted(FILE *out, const struct tail_estimate *e, const char *unit)
{
	char name[VALUE_LEN];
	int i;

	for (i = 0; i < TAIL_NR_P; i++) {
		prob_name(name, e->p[i].p);
		estimate(out, name, &e->p[i], unit);
	}
	for (i = 0; i < e->nr_horizons; i++) {
		horizon_name(name, e->horizon[i].seconds);
		estimate(out, name, &e->horizon[i].level, unit);
	}
	fputc('\n', out);
}

static void too_few(FILE *out, const struct tail_estimate *e, int cols)
{
	char more[32];

	if (e->threshold > 0) {
		render_wrapf(out, cols, "  not trusted: only %zu samples over the threshold, %d "
			     "needed: too many of the largest are equal, and a longer run will not "
			     "mend that\n", e->k, TAIL_MIN_K);
	} else if (isfinite(e->more_s)) {
		duration_words(more, sizeof(more), e->more_s);
		render_wrapf(out, cols, "  not trusted: too few samples for a tail (%d needed, "
			     "%d of them over a threshold): run for about %s more\n",
			     TAIL_MIN_K * TAIL_SHARE, TAIL_MIN_K, more);
	} else {
		render_wrapf(out, cols, "  not trusted: too few samples for a tail (%d needed): "
			     "run longer\n", TAIL_MIN_K * TAIL_SHARE);
	}
}

/* a half's level: "~20.1 (18.0-22.5), 210 over", or why it has none */
static void half_words(char *buf, size_t len, const struct tail_level *l, size_t k,
		       const char *unit)
{
	char est[VALUE_LEN], lo[VALUE_LEN], hi[VALUE_LEN];

	if (isnan(l->level))
		snprintf(buf, len, "no fit (%zu over)", k);
	else
		snprintf(buf, len, "~%s (%s-%s), %zu over", value(est, l->level, unit),
			 value(lo, l->lower, unit), value(hi, l->upper, unit), k);
}

static void unstable(FILE *out, const struct tail_estimate *e, const char *unit, int cols)
{
	char first[128], second[128], name[VALUE_LEN];

	prob_name(name, tail_probs[0]);
	half_words(first, sizeof(first), &e->half[0], e->half_k[0], unit);
	half_words(second, sizeof(second), &e->half[1], e->half_k[1], unit);
	render_wrapf(out, cols, "  not trusted: the halves of the run disagree: %s %s in the "
		     "first, %s in the second; the run changed on its way: find what changed, or "
		     "run longer\n", name, first, second);
}

/* what failed, one line each, in the order the checks are made */
static void refused(FILE *out, const struct tail_estimate *e, const char *unit, int cols)
{
	if (e->failed & (1u << TAIL_ENOUGH))
		too_few(out, e, cols);
	else if (!e->fitted)
		render_wrapf(out, cols, "  not trusted: no fit of the samples over the threshold "
			     "was found\n");
	if (e->failed & (1u << TAIL_STABLE))
		unstable(out, e, unit, cols);
	if (e->failed & (1u << TAIL_APART))
		render_wrapf(out, cols, "  not trusted: the samples over the threshold come in "
			     "bursts (extremal index %.2f): they are not independent, and the "
			     "estimates would be too low; find what makes the bursts\n", e->theta);
	if (e->failed & (1u << TAIL_FITS))
		render_wrapf(out, cols, "  not trusted: the distribution does not fit the samples "
			     "over the threshold (Anderson-Darling %.2f, its 1 %% critical value "
			     "%.2f): the tail may have more than one cause; find them\n", e->ad,
			     e->ad_critical);
}

static void heavy(FILE *out, const struct tail_estimate *e, int cols)
{
	char upper[VALUE_LEN];

	if (e->xi_upper >= TAIL_XI_MAX)
		snprintf(upper, sizeof(upper), "over %.1f", e->xi_upper);
	else
		snprintf(upper, sizeof(upper), "%.2f", e->xi_upper);
	render_wrapf(out, cols, "  heavy tail (shape %.2f, 90 %% %.2f-%s): no finite bound is "
		     "supported by this run\n", e->xi, e->xi_lower, upper);
}

static void series(FILE *out, const struct run_models *m, const struct tail_series *s,
		   const char *unit, int cols)
{
	facts(out, m, s, unit);
	if (tail_estimate_trusted(&s->e))
		trusted(out, &s->e, unit);
	else
		refused(out, &s->e, unit, cols);
	if (s->e.fitted && s->e.heavy)
		heavy(out, &s->e, cols);
}

void render_tail(FILE *out, const struct run_models *m, const struct rtl_params *p,
		 const struct run_view *v, const char *unit)
{
	const struct tail_run *r = run_models_tail_estimates(m);
	int i;

	if (!p->tail || !r)
		return;
	legend(out, p, unit);
	if (!r->nr)
		fprintf(out, "no samples: no estimate\n");
	for (i = 0; i < r->nr; i++)
		series(out, m, &r->series[i], unit, v->wrap_cols);
}
