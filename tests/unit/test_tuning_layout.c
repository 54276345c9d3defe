// SPDX-License-Identifier: GPL-2.0
/*
 * A tuning recorded before report schema 2.0 (flat dotted keys) put in
 * the nested layout of 2.x (source/recording/tuning_layout.c)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <json-c/json.h>

#include "source/recording/tuning_layout.h"

static char *nested(const char *text)
{
	json_object *o = json_tokener_parse(text);
	char *out;

	assert_non_null(o);
	tuning_nest_keys(o);
	out = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
	json_object_put(o);
	return out;
}

static void expect(const char *in, const char *want)
{
	char *got = nested(in);

	assert_string_equal(got, want);
	free(got);
}

static void test_settings_nest(void **state)
{
	(void)state;
	expect("{\"settings\":{\"measured_cpus\":\"1\",\"config.hz\":250,\"config.preempt\":\"rt\","
	       "\"sysctl.kernel.watchdog\":1,\"cpu1.governor\":null}}",
	       "{\"settings\":{\"measured_cpus\":\"1\",\"config\":{\"hz\":250,\"preempt\":\"rt\"},"
	       "\"sysctl\":{\"kernel\":{\"watchdog\":1}},\"cpu1\":{\"governor\":null},"
	       "\"cmdline\":{}}}");
}

static void test_parameters_nest(void **state)
{
	(void)state;
	expect("{\"parameters\":{\"isolcpus\":\"1\",\"intel_idle.max_cstate\":\"0\"},"
	       "\"findings\":[{\"a.b\":1}]}",
	       "{\"parameters\":{\"isolcpus\":\"1\",\"intel_idle\":{\"max_cstate\":\"0\"}},"
	       "\"findings\":[{\"a.b\":1}]}");
}

/* 2.x as it is; a path through a value, or ending in a dot, is dropped */
static void test_nested_kept(void **state)
{
	(void)state;
	expect("{\"settings\":{\"cmdline\":{\"tsc\":\"reliable\"},\"sysctl\":{\"kernel\":{\"watchdog\":0}}}}",
	       "{\"settings\":{\"cmdline\":{\"tsc\":\"reliable\"},\"sysctl\":{\"kernel\":{\"watchdog\":0}}}}");
	expect("{\"settings\":{\"cmdline\":{},\"hz\":1,\"hz.x\":2,\"y.\":3}}",
	       "{\"settings\":{\"cmdline\":{},\"hz\":1}}");
	expect("{\"settings\":[1]}", "{\"settings\":[1]}");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_settings_nest),
		cmocka_unit_test(test_parameters_nest),
		cmocka_unit_test(test_nested_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
