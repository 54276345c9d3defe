// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the JSON report, the recording and the plot: what the
 * user gave (a CPU list, the events, the command line) is in them whole,
 * however long
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "analysis/run_models.h"
#include "render/recording_json.h"
#include "render/render.h"
#include "render/svg_plot.h"
#include "source/recording/recording.h"
#include "cmdline.h"

#define NR_CPUS		8192

/* "0,2,4,...": every other CPU of NR_CPUS, a list of over 4096 bytes */
static char *every_other(void)
{
	size_t size = NR_CPUS * 6, at = 0;
	char *list = malloc(size);
	int cpu;

	assert_non_null(list);
	for (cpu = 0; cpu < NR_CPUS; cpu += 2)
		at += snprintf(list + at, size - at, "%s%d", cpu ? "," : "", cpu);
	return list;
}

static json_object *member(json_object *o, const char *key)
{
	json_object *v = NULL;

	assert_true(json_object_object_get_ex(o, key, &v));
	return v;
}

static void test_config_whole(void **state)
{
	char *list = every_other(), *text = NULL, event[320];
	struct rtl_params p = { 0 };
	struct run_models m = { 0 };
	struct run_view v = { 0 };
	json_object *doc, *config;
	size_t len = 0;
	FILE *out;
	int i, at;

	(void)state;
	at = snprintf(event, sizeof(event), "a_system_of_a_long_name:");
	for (i = 0; i < 30; i++)
		at += snprintf(event + at, sizeof(event) - at, "event_%02d_", i);
	assert_true(strlen(list) > 4096 && strlen(event) > 256);
	assert_int_equal(cmdline_parse(&p, "osnoise top", NR_CPUS,
				       (char *[]){ "osnoise", "-c", list, "-e", event, NULL }),
			 OPTS_OK);
	assert_int_equal(run_models_init(&m, &p, NULL), 0);
	out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_int_equal(render_json(out, &m, &p, &v), 0);
	assert_int_equal(fclose(out), 0);
	doc = json_tokener_parse(text);
	assert_non_null(doc);
	config = member(doc, "config");
	assert_string_equal(json_object_get_string(member(config, "cpus")), list);
	assert_string_equal(json_object_get_string(
		member(json_object_array_get_idx(member(config, "events"), 0), "event")), event);
	json_object_put(doc);
	free(text);
	free(list);
	run_models_free(&m);
	params_free(&p);
}

/* a run's description in its recording, read back for --input */
static void test_recording_whole(void **state)
{
	char *list = every_other(), *text, *cmd, *edited;
	struct rtl_params p = { 0 };
	struct run_models m = { 0 };
	struct run_view v = { 0 };
	struct recording rec;

	(void)state;
	assert_int_equal(cmdline_parse(&p, "osnoise top", NR_CPUS,
				       (char *[]){ "osnoise", "-c", list, NULL }), OPTS_OK);
	assert_int_equal(run_models_init(&m, &p, NULL), 0);
	v.data_path = "tracefs";
	text = render_recording_meta(&m, &p, &v);
	assert_non_null(text);
	assert_int_equal(recording_parse(&rec, text, "x.dat"), 1);
	assert_string_equal(rec.set.cpus, list);
	recording_free(&rec);

	/* a command longer than any of rtlens's: damaged, not cut */
	cmd = strstr(text, "\"osnoise top\"");
	assert_non_null(cmd);
	assert_true(asprintf(&edited, "%.*s\"osnoise top of a name longer than any\"%s",
			     (int)(cmd - text), text, cmd + strlen("\"osnoise top\"")) > 0);
	assert_int_equal(recording_parse(&rec, edited, "x.dat"), -1);
	free(edited);
	free(text);
	free(list);
	run_models_free(&m);
	params_free(&p);
}

/*
 * What the analysis reads of the machine, read back from the recording as
 * the live run had it: the steal and its resolution, the SMIs per CPU
 * (one unknown), why some are unknown
 */
static void test_recording_machine(void **state)
{
	uint64_t steal[2] = { 20000000, 0 };
	int64_t smi[2] = { 3, -1 };
	struct sys_facts facts = { .nr_cpus = 2, .steal_ok = true, .steal_ns = steal,
				   .steal_tick_ns = 10000000, .smi_count = smi,
				   .smi_why = "CPU 1 has no SMI counter" };
	struct rtl_params p = { 0 };
	struct run_models m = { 0 };
	struct run_view v = { .data_path = "tracefs" };
	struct recording rec;
	char *text;

	(void)state;
	assert_int_equal(cmdline_parse(&p, "osnoise top", 2, (char *[]){ "osnoise", "-c", "0,1", NULL }),
			 OPTS_OK);
	assert_int_equal(run_models_init(&m, &p, &facts), 0);
	text = render_recording_meta(&m, &p, &v);
	assert_non_null(text);
	assert_int_equal(recording_parse(&rec, text, "x.dat"), 1);
	assert_true(rec.facts.steal_ok);
	assert_int_equal(rec.facts.steal_ns[0], 20000000);
	assert_int_equal(rec.facts.steal_tick_ns, 10000000);
	assert_non_null(rec.facts.smi_count);
	assert_int_equal(rec.facts.smi_count[0], 3);
	assert_int_equal(rec.facts.smi_count[1], -1);
	assert_string_equal(rec.facts.smi_why, "CPU 1 has no SMI counter");
	recording_free(&rec);
	free(text);

	/* not read: none, and nothing said */
	facts.steal_ok = false;
	facts.smi_count = NULL;
	text = render_recording_meta(&m, &p, &v);
	assert_int_equal(recording_parse(&rec, text, "x.dat"), 1);
	assert_false(rec.facts.steal_ok);
	assert_int_equal(rec.facts.steal_tick_ns, 0);
	assert_null(rec.facts.smi_count);
	assert_string_equal(rec.facts.smi_why, "");
	recording_free(&rec);
	free(text);
	run_models_free(&m);
	params_free(&p);
}

/* the plot's title is the command line whole; its header line is clipped to the width */
static void test_plot_title_whole(void **state)
{
	char path[700], *text = NULL, *want;
	char *argv[] = { "rtlens", "osnoise", "hist", "-c", "0", "--plot", path, NULL };
	struct rtl_params p = { 0 };
	struct run_models m = { 0 };
	struct run_view v = { 0 };
	size_t len = 0;
	FILE *out;
	int i, at = 0;

	(void)state;
	for (i = 0; i < 20; i++)
		at += snprintf(path + at, sizeof(path) - at, "/a plot at a long path %02d", i);
	snprintf(path + at, sizeof(path) - at, "/hist.svg");
	assert_true(strlen(path) > 200);
	assert_int_equal(cmdline_parse(&p, "osnoise hist", 2, (char *[]){ "osnoise", "-c", "0",
				       "--plot", path, NULL }), OPTS_OK);
	p.argv = argv;
	p.argc = 7;
	assert_int_equal(run_models_init(&m, &p, NULL), 0);
	out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_int_equal(svg_plot_hist(out, &m, &p, &v), 0);
	assert_int_equal(fclose(out), 0);
	assert_true(asprintf(&want, "<title>rtlens osnoise hist -c 0 --plot %s</title>", path) > 0);
	assert_non_null(strstr(text, want));
	free(want);
	free(text);
	p.argv = NULL;
	run_models_free(&m);
	params_free(&p);
}

/*
 * --plot's defaults hold noise of 5 ms, a thread's preemption: a bar of
 * its own, none "over" (rtla's 256 us buckets put it there)
 */
static void test_plot_default_range(void **state)
{
	struct rtl_params p = { 0 };
	struct run_models m = { 0 };
	struct run_view v = { 0 };
	char *text = NULL, *at;
	size_t len = 0;
	int bars = 0;
	FILE *out;

	(void)state;
	assert_int_equal(cmdline_parse(&p, "osnoise hist", 2, (char *[]){ "osnoise", "-c", "0",
				       "--plot", "h.svg", NULL }), OPTS_OK);
	assert_int_equal(run_models_init(&m, &p, NULL), 0);
	histogram_add(&OSNOISE_RUN(&m)->noise.cpu[0].hist, 5);
	histogram_add(&OSNOISE_RUN(&m)->noise.cpu[0].hist, 300);
	histogram_add(&OSNOISE_RUN(&m)->noise.cpu[0].hist, 5000);
	OSNOISE_RUN(&m)->noise.cpu[0].hist.max = 5000;
	out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_int_equal(svg_plot_hist(out, &m, &p, &v), 0);
	assert_int_equal(fclose(out), 0);
	assert_null(strstr(text, "class=\"over\""));
	for (at = text; (at = strstr(at, "class=\"bar\"")); at++)
		bars++;
	assert_int_equal(bars, 3);
	free(text);
	run_models_free(&m);
	params_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config_whole),
		cmocka_unit_test(test_recording_whole),
		cmocka_unit_test(test_recording_machine),
		cmocka_unit_test(test_plot_title_whole),
		cmocka_unit_test(test_plot_default_range),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
