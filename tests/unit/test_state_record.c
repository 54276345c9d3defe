// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the state record's lines: what a record may name
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "source/system/state_record.h"

static int parse(const char *text, struct state_line *l, const char **why)
{
	static char line[16384];

	snprintf(line, sizeof(line), "%s", text);
	*why = NULL;
	return state_record_parse_line(line, l, why);
}

static void expect_refused(const char *text, const char *reason)
{
	struct state_line l;
	const char *why;

	assert_int_equal(parse(text, &l, &why), -1);
	assert_non_null(why);
	if (!strstr(why, reason))
		fail_msg("'%s': '%s' lacks '%s'", text, why, reason);
	assert_null(l.content);
}

static void test_lines_rtlens_writes(void **state)
{
	struct state_line l;
	const char *why;

	(void)state;
	assert_int_equal(parse("rtlens-state 1\n", &l, &why), 0);
	assert_int_equal(l.kind, STATE_LINE_MAGIC);
	assert_int_equal(parse("pid 4242\n", &l, &why), 0);
	assert_int_equal(l.kind, STATE_LINE_PID);
	assert_int_equal(l.pid, 4242);
	assert_int_equal(parse("instance rtlens-4242-trace", &l, &why), 0);
	assert_int_equal(l.kind, STATE_LINE_INSTANCE);
	assert_string_equal(l.name, "rtlens-4242-trace");
	assert_int_equal(parse("file 0 tracing_thresh 300a\n", &l, &why), 0);
	assert_int_equal(l.kind, STATE_LINE_FILE);
	assert_int_equal(l.restore, RESTORE_VALUE);
	assert_string_equal(l.name, "tracing_thresh");
	assert_string_equal(l.content, "0\n");
	free(l.content);
	assert_int_equal(parse("file 1 osnoise/options -", &l, &why), 0);
	assert_int_equal(l.restore, RESTORE_OPTIONS);
	assert_string_equal(l.content, "");
	free(l.content);
	assert_int_equal(parse("file 2 cpu3/state2 31", &l, &why), 0);
	assert_int_equal(l.restore, RESTORE_IDLE);
	assert_string_equal(l.content, "1");
	free(l.content);
}

/* issue #9: a forged record made the next run write outside tracefs */
static void test_files_outside_the_allow_list(void **state)
{
	(void)state;
	expect_refused("file 0 ../../../etc/passwd 41", "not a file rtlens saves");
	expect_refused("file 0 /etc/passwd 41", "not a file rtlens saves");
	expect_refused("file 0 osnoise/../../../x 41", "not a file rtlens saves");
	expect_refused("file 0 current_tracer 6e6f70", "not a file rtlens saves");
	expect_refused("file 0 osnoise/options 41", "not a file rtlens saves");
	expect_refused("file 1 tracing_thresh 41", "not a file rtlens saves");
	expect_refused("file 2 cpu1/state2/../../x 31", "not a file rtlens saves");
	expect_refused("file 2 cpu01/state2 31", "not a file rtlens saves");
	expect_refused("file 2 cpu1/state2 32", "must be 0 or 1");
	expect_refused("file 3 tracing_thresh 41", "unknown kind");
	expect_refused("file -1 tracing_thresh 41", "unknown kind");
	expect_refused("file x tracing_thresh 41", "unknown kind");
}

static void test_bad_content_and_shape(void **state)
{
	(void)state;
	expect_refused("file 0 tracing_thresh 3", "not hex");
	expect_refused("file 0 tracing_thresh zz", "not hex");
	expect_refused("file 0 tracing_thresh 00", "NUL byte");
	expect_refused("file 0 tracing_thresh", "expected 'file KIND FILE HEX'");
	expect_refused("file 0 tracing_thresh 30 extra", "expected 'file KIND FILE HEX'");
	expect_refused("pid 0", "expected 'pid PID'");
	expect_refused("pid -3", "expected 'pid PID'");
	expect_refused("pid 99999999999", "expected 'pid PID'");
	expect_refused("rtlens-state 2", "not a line of a state record");
	expect_refused("", "not a line of a state record");
}

static void test_instances(void **state)
{
	(void)state;
	assert_true(state_record_instance_allowed("rtlens-1"));
	assert_true(state_record_instance_allowed("rtlens-123-trace"));
	assert_false(state_record_instance_allowed("rtlens-"));
	assert_false(state_record_instance_allowed("rtlens-0"));
	assert_false(state_record_instance_allowed("rtlens-12-"));
	assert_false(state_record_instance_allowed("rtlens-12-Trace"));
	assert_false(state_record_instance_allowed("rtlens-12/../../x"));
	assert_false(state_record_instance_allowed("rtlens-12-a/b"));
	assert_false(state_record_instance_allowed("other-12"));
	expect_refused("instance ../../x", "not an instance rtlens creates");
	expect_refused("instance rtlens-1/..", "not an instance rtlens creates");
}

/* what sysstate writes reads back the same */
static void test_hex_round_trip(void **state)
{
	char *buf = NULL, line[256];
	struct state_line l;
	const char *why;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	fputs("file 0 osnoise/cpus ", f);
	state_record_put_hex(f, "0-3,\xff\n");
	fclose(f);
	snprintf(line, sizeof(line), "%s", buf);
	free(buf);
	assert_int_equal(state_record_parse_line(line, &l, &why), 0);
	assert_string_equal(l.content, "0-3,\xff\n");
	free(l.content);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines_rtlens_writes),
		cmocka_unit_test(test_files_outside_the_allow_list),
		cmocka_unit_test(test_bad_content_and_shape),
		cmocka_unit_test(test_instances),
		cmocka_unit_test(test_hex_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
