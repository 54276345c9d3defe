// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for --listen's pieces: the metrics of a synthetic run in both
 * formats (families, labels, escaping, cumulative histogram buckets at
 * the right edges), and the answers of the endpoint to what a request
 * asks for
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cli/options.h"
#include "render/metrics.h"
#include "render/metrics_parts.h"
#include "session/metrics_http.h"

struct fixture {
	struct rtl_params	p;
	struct run_models	m;
	struct sys_facts	facts;
	struct run_view		v;
};

static struct fixture *fixture_new(enum rtl_tool tool, const char *cpus, unsigned int bucket,
				   unsigned int entries)
{
	struct fixture *f = calloc(1, sizeof(*f));
	char *argv[] = { "top", "-c", (char *)cpus, NULL };

	params_init(&f->p, tool, MODE_TOP, tool == TOOL_OSNOISE ? "osnoise top" : "timerlat top",
		    4);
	assert_int_equal(options_parse(&f->p, 3, argv), OPTS_OK);
	f->p.bucket_size = bucket;
	f->p.entries = entries;
	snprintf(f->facts.hostname, sizeof(f->facts.hostname), "node\"7\\");
	snprintf(f->facts.kernel_release, sizeof(f->facts.kernel_release), "6.1.0-rt");
	assert_int_equal(run_models_init(&f->m, &f->p, &f->facts), 0);
	f->v.elapsed_s = 12.5;
	f->v.lost_events = 3;
	f->v.threshold_hits = 2;
	return f;
}

static void fixture_free(struct fixture *f)
{
	run_models_free(&f->m);
	params_free(&f->p);
	free(f);
}

static char *render(struct fixture *f, enum metrics_format fmt)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_int_equal(render_metrics(out, fmt, &f->m, &f->p, &f->v), 0);
	fclose(out);
	return buf;
}

static void add_noise(struct fixture *f, int cpu, uint64_t us)
{
	struct rtl_record r = { .kind = RECORD_NOISE_SAMPLE };

	r.sample.cpu = cpu;
	r.sample.duration_ns = us * 1000 + 400;		/* truncated to us */
	run_models_add(&f->m, &r);
}

static void add_period(struct fixture *f, int cpu, uint64_t runtime, uint64_t noise)
{
	struct rtl_record r = { .kind = RECORD_OSNOISE_PERIOD };

	r.period.cpu = cpu;
	r.period.runtime_us = runtime;
	r.period.noise_us = noise;
	r.period.max_sample_us = noise;
	r.period.irq_count = 4;
	run_models_add(&f->m, &r);
}

static void has(const char *text, const char *line)
{
	if (!strstr(text, line))
		fail_msg("no \"%s\" in:\n%s", line, text);
}

static void has_not(const char *text, const char *part)
{
	if (strstr(text, part))
		fail_msg("\"%s\" should not be in:\n%s", part, text);
}

static void test_osnoise_prometheus(void **state)
{
	struct fixture *f = fixture_new(TOOL_OSNOISE, "1", 1, 256);
	char *t;

	(void)state;
	add_period(f, 1, 1000000, 2500);
	add_noise(f, 1, 0);
	add_noise(f, 1, 1);	/* [1, 2) us: not <= 1 us */
	add_noise(f, 1, 9);
	add_noise(f, 1, 10);	/* over 10 us */
	add_noise(f, 1, 300);	/* past the last bucket */
	t = render(f, METRICS_PROMETHEUS);
	has(t, "# TYPE rtlens_info gauge\n");
	has(t, "rtlens_info{host=\"node\\\"7\\\\\",version=\"" RTLENS_VERSION
	       "\",command=\"osnoise top\",engine=\"kernel\",kernel=\"6.1.0-rt\"} 1\n");
	has(t, "rtlens_events_lost_total{host=\"node\\\"7\\\\\"} 3\n");
	has(t, "rtlens_threshold_hits_total{host=\"node\\\"7\\\\\"} 2\n");
	has(t, "# TYPE rtlens_osnoise_noise_seconds_total counter\n");
	has(t, "rtlens_osnoise_noise_seconds_total{host=\"node\\\"7\\\\\",cpu=\"1\"} 0.0025\n");
	has(t, "rtlens_osnoise_cpu_available_ratio{host=\"node\\\"7\\\\\",cpu=\"1\"} 0.9975\n");
	has(t, "cpu=\"1\",class=\"irq\"} 4\n");
	has(t, "_bucket{host=\"node\\\"7\\\\\",cpu=\"1\",le=\"1e-06\"} 1\n");
	has(t, "_bucket{host=\"node\\\"7\\\\\",cpu=\"1\",le=\"2e-06\"} 2\n");
	has(t, "_bucket{host=\"node\\\"7\\\\\",cpu=\"1\",le=\"1e-05\"} 3\n");
	has(t, "_bucket{host=\"node\\\"7\\\\\",cpu=\"1\",le=\"0.0002\"} 4\n");
	has(t, "_bucket{host=\"node\\\"7\\\\\",cpu=\"1\",le=\"0.000256\"} 4\n");
	has(t, "_bucket{host=\"node\\\"7\\\\\",cpu=\"1\",le=\"+Inf\"} 5\n");
	has(t, "rtlens_osnoise_noise_duration_seconds_count{host=\"node\\\"7\\\\\",cpu=\"1\"} 5\n");
	has(t, "rtlens_osnoise_noise_duration_seconds_sum{host=\"node\\\"7\\\\\",cpu=\"1\"} 0.00032\n");
	has_not(t, "cpu=\"0\"");	/* not measured */
	has_not(t, "# UNIT");
	has_not(t, "# EOF");
	free(t);
	fixture_free(f);
}

static void test_osnoise_openmetrics(void **state)
{
	struct fixture *f = fixture_new(TOOL_OSNOISE, "0", 1, 256);
	char *t;

	(void)state;
	add_period(f, 0, 1000, 10);
	t = render(f, METRICS_OPENMETRICS);
	has(t, "# TYPE rtlens info\n");
	has(t, "# TYPE rtlens_osnoise_noise_seconds counter\n# UNIT rtlens_osnoise_noise_seconds "
	       "seconds\nrtlens_osnoise_noise_seconds_total{");
	has(t, "# TYPE rtlens_osnoise_cpu_available_ratio gauge\n# UNIT "
	       "rtlens_osnoise_cpu_available_ratio ratio\n");
	assert_string_equal(t + strlen(t) - 6, "# EOF\n");
	free(t);
	fixture_free(f);
}

/* a bucket size that no 1-2-5 edge is a multiple of: edges rounded down */
static void test_bucket_edges(void **state)
{
	struct fixture *f = fixture_new(TOOL_OSNOISE, "2", 7, 10);
	char *t;

	(void)state;
	add_noise(f, 2, 6);	/* bucket 0: [0, 7) */
	add_noise(f, 2, 7);	/* bucket 1: [7, 14) */
	add_noise(f, 2, 49);	/* bucket 7 */
	add_noise(f, 2, 70);	/* over */
	t = render(f, METRICS_PROMETHEUS);
	has_not(t, "le=\"1e-06\"");
	has(t, "cpu=\"2\",le=\"7e-06\"} 1\n");	/* 10 us, rounded down */
	has(t, "cpu=\"2\",le=\"1.4e-05\"} 2\n");	/* 20 us */
	has(t, "cpu=\"2\",le=\"4.9e-05\"} 2\n");	/* 50 us: 49 is [49, 56) */
	has(t, "cpu=\"2\",le=\"7e-05\"} 3\n");	/* the last edge */
	has(t, "cpu=\"2\",le=\"+Inf\"} 4\n");
	free(t);
	fixture_free(f);
}

static void add_latency(struct fixture *f, int cpu, int ctx, uint64_t ns)
{
	struct rtl_record r = { .kind = RECORD_TIMERLAT };

	r.timerlat.cpu = cpu;
	r.timerlat.context = ctx;
	r.timerlat.latency_ns = ns;
	run_models_add(&f->m, &r);
}

static void test_timerlat(void **state)
{
	struct fixture *f = fixture_new(TOOL_TIMERLAT, "1", 1, 256);
	char *t;

	(void)state;
	add_latency(f, 1, TIMERLAT_IRQ, 3000);
	add_latency(f, 1, TIMERLAT_THREAD, 12000);
	add_latency(f, 1, TIMERLAT_THREAD, 4000);
	t = render(f, METRICS_PROMETHEUS);
	has(t, "# TYPE rtlens_timerlat_latency_seconds histogram\n");
	has(t, "rtlens_timerlat_latency_seconds_bucket{host=\"node\\\"7\\\\\",cpu=\"1\","
	       "context=\"thread\",le=\"1e-05\"} 1\n");
	has(t, "context=\"thread\",le=\"2e-05\"} 2\n");
	has(t, "rtlens_timerlat_latency_seconds_count{host=\"node\\\"7\\\\\",cpu=\"1\","
	       "context=\"irq\"} 1\n");
	has(t, "rtlens_timerlat_latency_max_seconds{host=\"node\\\"7\\\\\",cpu=\"1\","
	       "context=\"thread\"} 1.2e-05\n");
	has(t, "rtlens_timerlat_latency_min_seconds{host=\"node\\\"7\\\\\",cpu=\"1\","
	       "context=\"thread\"} 4e-06\n");
	has_not(t, "context=\"user\"");		/* no user-space threads */
	has_not(t, "rtlens_osnoise");
	free(t);
	fixture_free(f);
}

static void test_escape(void **state)
{
	char out[64];

	(void)state;
	metrics_escape(out, sizeof(out), "a\"b\\c\nd\x1b" "e\xff");
	assert_string_equal(out, "a\\\"b\\\\c\\nd?e?");
	metrics_escape(out, 8, "\"\"\"\"\"\"");
	assert_true(strlen(out) < 8);
	assert_string_equal(out, "\\\"\\\"");	/* no escape cut in two */
	metrics_escape(out, sizeof(out), "k\xc3\xa9rn\xc3");	/* UTF-8 kept, a cut one not */
	assert_string_equal(out, "k\xc3\xa9rn?");
}

static void test_http(void **state)
{
	(void)state;
	assert_int_equal(http_route("GET", "/metrics"), HTTP_METRICS);
	assert_int_equal(http_route("HEAD", "/metrics"), HTTP_METRICS);
	assert_int_equal(http_route("POST", "/metrics"), HTTP_BAD_METHOD);
	/* methods are case-sensitive, and come before the path */
	assert_int_equal(http_route("get", "/metrics"), HTTP_BAD_METHOD);
	assert_int_equal(http_route("POST", "/"), HTTP_BAD_METHOD);
	assert_int_equal(http_route("GET", "/metricsx"), HTTP_NOT_FOUND);
	assert_int_equal(http_route("GET", "/metrics/"), HTTP_NOT_FOUND);
	assert_int_equal(http_route("GET", "/"), HTTP_NOT_FOUND);
	assert_true(http_accepts_openmetrics("application/openmetrics-text;version=1.0.0,"
					     "text/plain;q=0.5"));
	assert_true(http_accepts_openmetrics("text/plain, Application/OpenMetrics-Text"));
	assert_false(http_accepts_openmetrics("text/plain;version=0.0.4;q=0.3,*/*;q=0.2"));
	assert_false(http_accepts_openmetrics(""));
	assert_int_equal(http_answer_status(HTTP_METRICS), 200);
	assert_int_equal(http_answer_status(HTTP_NOT_FOUND), 404);
	assert_int_equal(http_answer_status(HTTP_BAD_METHOD), 405);
	assert_int_equal(http_answer_status(HTTP_BUSY), 503);
	assert_string_equal(http_answer_body(HTTP_BAD_METHOD), "GET or HEAD /metrics\n");
	assert_null(http_answer_body(HTTP_METRICS));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_osnoise_prometheus),
		cmocka_unit_test(test_osnoise_openmetrics),
		cmocka_unit_test(test_bucket_edges),
		cmocka_unit_test(test_timerlat),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_http),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
