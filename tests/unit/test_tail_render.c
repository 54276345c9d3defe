// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for --tail's text section (tail_text.c) and the report's
 * "tail" (tail_json.c), on estimates built by hand: a trusted one with an
 * interval that has no upper end, each refusal, a heavy tail, timerlat's
 * -n, osnoise's single noises; nothing without --tail
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "render/render.h"
#include "cmdline.h"

#define ALL_CHECKS	((1u << NR_TAIL_CHECKS) - 1)

struct fixture {
	struct rtl_params	p;
	struct run_models	m;
	struct run_view		v;
};

/* 3.6 million samples at 1 kHz, every check passed; the 24 h horizon has no upper end */
static struct tail_series trusted(int cpu, int context)
{
	struct tail_series s = { .cpu = cpu, .context = context };
	struct tail_estimate *e = &s.e;

	e->n = 3600000;
	e->span_s = 3600;
	e->rate_hz = 1000;
	e->max = 41230;
	e->threshold = 12100;
	e->k = 4095;
	e->fitted = true;
	e->sigma = 2100;
	e->xi = -0.05;
	e->xi_lower = -0.12;
	e->xi_upper = 0.03;
	e->p[0] = (struct tail_level){ 1e-6, 18234, 16012, 21398 };
	e->p[1] = (struct tail_level){ 1e-9, 25110, 21003, 34187 };
	e->nr_horizons = 2;
	e->horizon[0] = (struct tail_horizon){ 3600, 3.6e6, { 1.9e-7, 22012, 19100, 28321 } };
	e->horizon[1] = (struct tail_horizon){ 86400, 8.64e7, { 8e-9, 25040, 21200, INFINITY } };
	e->checked = ALL_CHECKS;
	e->half[0] = (struct tail_level){ 1e-6, 18000, 15500, 22000 };
	e->half[1] = (struct tail_level){ 1e-6, 18500, 16000, 23000 };
	e->half_k[0] = 2050;
	e->half_k[1] = 2045;
	e->theta = 0.97;
	e->ad = 0.61;
	e->ad_critical = 1.45;
	return s;
}

/* 1000 samples: too few for a threshold, 1.5 s more at 1 kHz */
static struct tail_series too_few(int cpu, int context, double more_s)
{
	struct tail_series s = { .cpu = cpu, .context = context };

	s.e.n = 1000;
	s.e.span_s = 1;
	s.e.rate_hz = 1000;
	s.e.max = 9000;
	s.e.checked = 1u << TAIL_ENOUGH;
	s.e.failed = 1u << TAIL_ENOUGH;
	s.e.more_s = more_s;
	s.e.theta = s.e.ad = s.e.ad_critical = NAN;
	return s;
}

/* @s with @check failed: no longer trusted */
static struct tail_series failing(struct tail_series s, enum tail_check check)
{
	s.e.failed |= 1u << check;
	return s;
}

static void setup(struct fixture *f, const char *command, char **argv,
		  const struct tail_series *series, int nr)
{
	memset(f, 0, sizeof(*f));
	assert_int_equal(cmdline_parse(&f->p, command, 4, argv), OPTS_OK);
	assert_int_equal(run_models_init(&f->m, &f->p, NULL), 0);
	f->v.elapsed_s = 3600;
	f->v.reason = STOP_DURATION;
	if (!f->p.tail)
		return;
	/* as run_models_explain() leaves them, run_models_free() frees them */
	f->m.tail_done = calloc(1, sizeof(*f->m.tail_done));
	f->m.tail_done->series = calloc(nr ? nr : 1, sizeof(*series));
	memcpy(f->m.tail_done->series, series, nr * sizeof(*series));
	f->m.tail_done->nr = nr;
}

static void teardown(struct fixture *f)
{
	run_models_free(&f->m);
	params_free(&f->p);
}

static char *text_of(struct fixture *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	render_analysis(out, &f->m, &f->p, &f->v);
	fclose(out);
	return buf;
}

static json_object *json_of(struct fixture *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	json_object *doc;

	assert_int_equal(render_json(out, &f->m, &f->p, &f->v), 0);
	fclose(out);
	doc = json_tokener_parse(buf);
	assert_non_null(doc);
	free(buf);
	return doc;
}

/* @doc's member at @path ("tail.series.0.levels.1.upper"); NULL for a JSON null */
static json_object *at_path(json_object *doc, const char *path)
{
	char *copy = strdup(path), *key, *save = NULL;
	json_object *o = doc;

	for (key = strtok_r(copy, ".", &save); key; key = strtok_r(NULL, ".", &save)) {
		if (json_object_is_type(o, json_type_array)) {
			assert_true((size_t)atoi(key) < json_object_array_length(o));
			o = json_object_array_get_idx(o, atoi(key));
		} else if (!json_object_object_get_ex(o, key, &o)) {
			fail_msg("%s: no %s", path, key);
		}
	}
	free(copy);
	return o;
}

static double num(json_object *doc, const char *path)
{
	json_object *o = at_path(doc, path);

	assert_non_null(o);
	return json_object_get_double(o);
}

static void has(const char *text, const char *part)
{
	if (!strstr(text, part))
		fail_msg("no \"%s\" in:\n%s", part, text);
}

/* the legend once, the facts, every estimate with its interval, in us */
static void test_trusted_text(void **state)
{
	struct tail_series s[] = { trusted(1, 0), trusted(-1, 0) };
	struct fixture f;
	char *text;

	(void)state;
	setup(&f, "timerlat hist", ARGV("hist", "-c", "1", "--tail"), s, 2);
	text = text_of(&f);
	has(text, "Tail estimates (--tail), in us:\n"
		  "  ~E (L-U): an estimate and its 90 % interval (horizons: 90 % or more; "
		  "\"no bound\": no finite upper end), shown when the fit passes its checks\n"
		  "  1e-6, 1e-9: the level a sample exceeds with that probability; 1h, 24h: the "
		  "worst sample expected in that time at the run's rate\n");
	has(text, "CPU 1 irq: 3600000 samples at 1000/s, max 41.2; 4095 over the threshold 12.1\n"
		  "  1e-6 ~18.2 (16.0-21.4)  1e-9 ~25.1 (21.0-34.2)  1h ~22.0 (19.1-28.3)  "
		  "24h ~25.0 (21.2-no bound)\n");
	has(text, "all CPUs irq: 3600000 samples");
	assert_null(strstr(text, "not trusted"));
	assert_null(strstr(text, "heavy"));
	/* the legend once */
	assert_null(strstr(strstr(text, "Tail estimates") + 1, "Tail estimates"));
	free(text);
	teardown(&f);
}

/* -n: the table's ns, whole */
static void test_trusted_text_ns(void **state)
{
	struct tail_series s[] = { trusted(1, 1) };
	struct fixture f;
	char *text;

	(void)state;
	setup(&f, "timerlat top", ARGV("top", "-c", "1", "-n", "--tail=24h,20m,90s"), s, 1);
	text = text_of(&f);
	has(text, "Tail estimates (--tail), in ns:\n");
	has(text, "90s, 20m, 24h: the worst sample expected");
	has(text, "CPU 1 thread: 3600000 samples at 1000/s, max 41230; 4095 over the threshold "
		  "12100\n  1e-6 ~18234 (16012-21398)  1e-9 ~25110 (21003-34187)");
	free(text);
	teardown(&f);
}

/* each check that failed says so, and what to do, in the order they are made */
static void test_refusals(void **state)
{
	struct tail_series s[] = {
		too_few(0, 0, 1.5), too_few(0, 1, 90), too_few(1, 0, 5400), too_few(1, 1, 172800),
		too_few(2, 0, INFINITY), failing(trusted(2, 1), TAIL_STABLE),
		failing(trusted(3, 0), TAIL_APART), failing(trusted(3, 1), TAIL_FITS),
	};
	struct fixture f;
	char *text;

	(void)state;
	s[4].e.threshold = 9000;	/* a threshold, and too few over it: ties */
	s[4].e.k = 12;
	s[5].e.half[0] = (struct tail_level){ 1e-6, 20100, 18000, 22500 };
	s[5].e.half[1] = (struct tail_level){ 1e-6, 30200, 26000, 36000 };
	s[5].e.half_k[0] = 210;
	s[5].e.half_k[1] = 3885;
	s[6].e.theta = 0.31;
	s[7].e.ad = 2.31;
	s[7].e.ad_critical = 1.42;
	setup(&f, "timerlat hist", ARGV("hist", "-c", "0-3", "--tail"), s, 8);
	text = text_of(&f);
	has(text, "CPU 0 irq: 1000 samples at 1000/s, max 9.0\n"
		  "  not trusted: too few samples for a tail (2500 needed, 50 of them over a "
		  "threshold): run for about 1.5 s more\n");
	has(text, "CPU 0 thread: 1000 samples at 1000/s, max 9.0\n  not trusted: too few "
		  "samples for a tail (2500 needed, 50 of them over a threshold): run for about "
		  "90 s more\n");
	has(text, "run for about 90 min more\n");
	has(text, "run for about 48.0 h more\n");
	has(text, "CPU 2 irq: 1000 samples at 1000/s, max 9.0; 12 over the threshold 9.0\n"
		  "  not trusted: only 12 samples over the threshold, 50 needed: too many of the "
		  "largest are equal, and a longer run will not mend that\n");
	has(text, "CPU 2 thread: 3600000 samples at 1000/s, max 41.2; 4095 over the threshold "
		  "12.1\n  not trusted: the halves of the run disagree: 1e-6 ~20.1 (18.0-22.5), "
		  "210 over in the first, ~30.2 (26.0-36.0), 3885 over in the second; the run "
		  "changed on its way: find what changed, or run longer\n");
	has(text, "CPU 3 irq: 3600000 samples at 1000/s, max 41.2; 4095 over the threshold 12.1\n"
		  "  not trusted: the samples over the threshold come in bursts (extremal index "
		  "0.31): they are not independent, and the estimates would be too low; find what "
		  "makes the bursts\n");
	has(text, "  not trusted: the distribution does not fit the samples over the threshold "
		  "(Anderson-Darling 2.31, its 1 % critical value 1.42): the tail may have more "
		  "than one cause; find them\n");
	/* a refused series shows no estimate */
	assert_null(strstr(text, "~18.2"));
	free(text);
	teardown(&f);
}

/* a half too short to fit; a fit that failed; two checks failed, a line each */
static void test_refusals_more(void **state)
{
	struct tail_series s[] = { failing(failing(trusted(0, 0), TAIL_STABLE), TAIL_FITS),
				   trusted(1, 0) };
	struct fixture f;
	char *text;

	(void)state;
	s[0].e.half[0] = (struct tail_level){ 1e-6, NAN, NAN, NAN };
	s[0].e.half_k[0] = 4;
	s[1].e.fitted = false;
	s[1].e.checked = 1u << TAIL_ENOUGH;
	setup(&f, "timerlat hist", ARGV("hist", "-c", "0-1", "--tail"), s, 2);
	text = text_of(&f);
	has(text, "disagree: 1e-6 no fit (4 over) in the first, ~18.5 (16.0-23.0), 2045 over in "
		  "the second;");
	has(text, "find what changed, or run longer\n  not trusted: the distribution does not "
		  "fit");
	has(text, "CPU 1 irq: 3600000 samples at 1000/s, max 41.2; 4095 over the threshold 12.1\n"
		  "  not trusted: no fit of the samples over the threshold was found\n");
	free(text);
	teardown(&f);
}

/* a heavy tail says so, and what it means, trusted or not */
static void test_heavy(void **state)
{
	struct tail_series s[] = { trusted(0, 0), failing(trusted(1, 0), TAIL_APART) };
	struct fixture f;
	char *text;
	int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		s[i].e.heavy = true;
		s[i].e.xi = 0.21;
		s[i].e.xi_lower = 0.08;
		s[i].e.xi_upper = 0.35;
		s[i].e.p[1].upper = INFINITY;
	}
	s[1].e.xi_upper = TAIL_XI_MAX;
	setup(&f, "timerlat hist", ARGV("hist", "-c", "0-1", "--tail"), s, 2);
	text = text_of(&f);
	has(text, "  1e-6 ~18.2 (16.0-21.4)  1e-9 ~25.1 (21.0-no bound)  1h ~22.0 (19.1-28.3)  "
		  "24h ~25.0 (21.2-no bound)\n  heavy tail (shape 0.21, 90 % 0.08-0.35): no "
		  "finite bound is supported by this run\n");
	has(text, "makes the bursts\n  heavy tail (shape 0.21, 90 % 0.08-over 3.0): no finite "
		  "bound");
	free(text);
	teardown(&f);
}

/* osnoise: the single noises, in us; no samples at all: said once */
static void test_osnoise(void **state)
{
	struct tail_series s[] = { trusted(2, 0) };
	struct fixture f;
	char *text;

	(void)state;
	setup(&f, "osnoise top", ARGV("osnoise", "-c", "2", "--tail=20m"), s, 1);
	text = text_of(&f);
	has(text, "Tail estimates (--tail), in us:\n");
	has(text, "20m: the worst sample expected in that time");
	has(text, "CPU 2 noise: 3600000 samples at 1000/s, max 41.2;");
	free(text);
	teardown(&f);
	setup(&f, "osnoise hist", ARGV("hist", "-c", "2", "--tail"), s, 0);
	text = text_of(&f);
	has(text, "no samples: no estimate\n");
	free(text);
	teardown(&f);
}

/* without --tail: no section, no "tail" in the report */
static void test_off(void **state)
{
	struct fixture f;
	json_object *doc;
	char *text;

	(void)state;
	setup(&f, "timerlat hist", ARGV("hist", "-c", "1"), NULL, 0);
	text = text_of(&f);
	assert_null(strstr(text, "Tail"));
	free(text);
	doc = json_of(&f);
	assert_false(json_object_object_get_ex(doc, "tail", NULL));
	assert_string_equal(json_object_get_string(at_path(doc, "schema_version")), "2.5");
	json_object_put(doc);
	teardown(&f);
}

/* the report's "tail": the layout other tools read */
static void test_json_trusted(void **state)
{
	struct tail_series s[] = { trusted(1, 0), too_few(-1, 1, 1.5) };
	struct fixture f;
	json_object *doc;

	(void)state;
	setup(&f, "timerlat hist", ARGV("hist", "-c", "1", "--tail=24h,1h"), s, 2);
	doc = json_of(&f);
	assert_string_equal(json_object_get_string(at_path(doc, "tail.unit")), "us");
	assert_true(num(doc, "tail.horizons_s.0") == 3600);	/* shortest first */
	assert_true(num(doc, "tail.horizons_s.1") == 86400);
	assert_int_equal(json_object_get_int(at_path(doc, "tail.series.0.cpu")), 1);
	assert_string_equal(json_object_get_string(at_path(doc, "tail.series.0.context")), "irq");
	assert_int_equal(json_object_get_int64(at_path(doc, "tail.series.0.samples")), 3600000);
	assert_true(num(doc, "tail.series.0.max") == 41.23);
	assert_true(num(doc, "tail.series.0.threshold") == 12.1);
	assert_int_equal(json_object_get_int(at_path(doc, "tail.series.0.exceedances")), 4095);
	assert_true(json_object_get_boolean(at_path(doc, "tail.series.0.trusted")));
	assert_true(num(doc, "tail.series.0.fit.scale") == 2.1);
	assert_false(json_object_get_boolean(at_path(doc, "tail.series.0.fit.heavy")));
	assert_true(num(doc, "tail.series.0.levels.1.p") == 1e-9);
	assert_true(num(doc, "tail.series.0.levels.0.estimate") == 18.234);
	assert_true(num(doc, "tail.series.0.levels.0.lower") == 16.012);
	assert_true(num(doc, "tail.series.0.levels.0.upper") == 21.398);
	assert_true(num(doc, "tail.series.0.horizons.1.seconds") == 86400);
	assert_int_equal(json_object_get_int64(at_path(doc, "tail.series.0.horizons.1.samples")),
			 86400000);
	assert_null(at_path(doc, "tail.series.0.horizons.1.upper"));	/* no bound */
	assert_string_equal(json_object_get_string(at_path(doc, "tail.series.0.checks.3.check")),
			    "fits");
	assert_true(json_object_get_boolean(at_path(doc, "tail.series.0.checks.3.passed")));
	assert_null(at_path(doc, "tail.series.0.run_more_s"));
	assert_true(num(doc, "tail.series.0.extremal_index") == 0.97);
	assert_int_equal(json_object_array_length(at_path(doc, "tail.series.0.halves")), 2);
	/* the CPUs together, refused: nothing estimated, the checks not made are null */
	assert_null(at_path(doc, "tail.series.1.cpu"));
	assert_string_equal(json_object_get_string(at_path(doc, "tail.series.1.context")),
			    "thread");
	assert_false(json_object_get_boolean(at_path(doc, "tail.series.1.trusted")));
	assert_null(at_path(doc, "tail.series.1.threshold"));
	assert_null(at_path(doc, "tail.series.1.fit"));
	assert_int_equal(json_object_array_length(at_path(doc, "tail.series.1.levels")), 0);
	assert_int_equal(json_object_array_length(at_path(doc, "tail.series.1.horizons")), 0);
	assert_int_equal(json_object_array_length(at_path(doc, "tail.series.1.halves")), 0);
	assert_false(json_object_get_boolean(at_path(doc, "tail.series.1.checks.0.passed")));
	assert_null(at_path(doc, "tail.series.1.checks.1.passed"));
	assert_true(num(doc, "tail.series.1.run_more_s") == 1.5);
	assert_null(at_path(doc, "tail.series.1.extremal_index"));
	assert_null(at_path(doc, "tail.series.1.anderson_darling"));
	json_object_put(doc);
	teardown(&f);
}

/* a failed check empties levels and horizons; -n writes ns; a heavy fit says so */
static void test_json_refused_ns(void **state)
{
	struct tail_series s[] = { failing(trusted(1, 1), TAIL_STABLE) };
	struct fixture f;
	json_object *doc;

	(void)state;
	s[0].e.heavy = true;
	s[0].e.xi_lower = 0.08;
	s[0].e.half[1].upper = INFINITY;
	setup(&f, "timerlat top", ARGV("top", "-c", "1", "-n", "--tail"), s, 1);
	doc = json_of(&f);
	assert_string_equal(json_object_get_string(at_path(doc, "tail.unit")), "ns");
	assert_true(num(doc, "tail.series.0.max") == 41230);
	assert_false(json_object_get_boolean(at_path(doc, "tail.series.0.trusted")));
	assert_int_equal(json_object_array_length(at_path(doc, "tail.series.0.levels")), 0);
	assert_int_equal(json_object_array_length(at_path(doc, "tail.series.0.horizons")), 0);
	assert_true(json_object_get_boolean(at_path(doc, "tail.series.0.fit.heavy")));
	assert_false(json_object_get_boolean(at_path(doc, "tail.series.0.checks.1.passed")));
	assert_true(num(doc, "tail.series.0.halves.0.estimate") == 18000);
	assert_null(at_path(doc, "tail.series.0.halves.1.upper"));
	assert_int_equal(json_object_get_int(at_path(doc, "tail.series.0.halves.1.exceedances")),
			 2045);
	json_object_put(doc);
	teardown(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trusted_text),
		cmocka_unit_test(test_trusted_text_ns),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_refusals_more),
		cmocka_unit_test(test_heavy),
		cmocka_unit_test(test_osnoise),
		cmocka_unit_test(test_off),
		cmocka_unit_test(test_json_trusted),
		cmocka_unit_test(test_json_refused_ns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
