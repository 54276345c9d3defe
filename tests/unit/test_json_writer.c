// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for json_writer
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <locale.h>
#include <cmocka.h>

#include "render/json_writer.h"
#include "utf8_check.h"

struct capture {
	FILE		*fp;
	char		*buf;
	size_t		size;
};

static struct json_writer *capture_open(struct capture *cap, bool pretty)
{
	struct json_writer *w;

	cap->buf = NULL;
	cap->size = 0;
	cap->fp = open_memstream(&cap->buf, &cap->size);
	assert_non_null(cap->fp);
	w = json_writer_new(cap->fp, pretty);
	assert_non_null(w);
	return w;
}

/* Finish, check the return value and the exact text written. */
static void capture_check(struct capture *cap, struct json_writer *w,
			  int ret, const char *expected)
{
	assert_int_equal(json_writer_finish(w), ret);
	json_writer_free(w);
	assert_int_equal(fclose(cap->fp), 0);
	assert_string_equal(cap->buf, expected);
	free(cap->buf);
}

static void write_sample(struct json_writer *w)
{
	json_begin_object(w, NULL);
	json_string(w, "tool", "osnoise");
	json_u64(w, "cpus", 4);
	json_begin_array(w, "samples");
	json_i64(w, NULL, -3);
	json_bool(w, NULL, true);
	json_null(w, NULL);
	json_begin_object(w, NULL);
	json_bool(w, "ok", false);
	json_end_object(w);
	json_end_array(w);
	json_begin_object(w, "empty_obj");
	json_end_object(w);
	json_begin_array(w, "empty_arr");
	json_end_array(w);
	json_double(w, "avg", 1.5);
	json_end_object(w);
}

static void test_compact(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	write_sample(w);
	capture_check(&cap, w, 0,
		"{\"tool\":\"osnoise\",\"cpus\":4,\"samples\":[-3,true,null,"
		"{\"ok\":false}],\"empty_obj\":{},\"empty_arr\":[],\"avg\":1.5}");
}

static void test_pretty(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, true);

	(void)state;
	write_sample(w);
	capture_check(&cap, w, 0,
		"{\n"
		"  \"tool\": \"osnoise\",\n"
		"  \"cpus\": 4,\n"
		"  \"samples\": [\n"
		"    -3,\n"
		"    true,\n"
		"    null,\n"
		"    {\n"
		"      \"ok\": false\n"
		"    }\n"
		"  ],\n"
		"  \"empty_obj\": {},\n"
		"  \"empty_arr\": [],\n"
		"  \"avg\": 1.5\n"
		"}\n");
}

static void test_top_level_scalars(void **state)
{
	struct capture cap;
	struct json_writer *w;

	(void)state;
	w = capture_open(&cap, true);
	json_u64(w, NULL, 7);
	capture_check(&cap, w, 0, "7\n");

	w = capture_open(&cap, false);
	json_string(w, NULL, "x");
	capture_check(&cap, w, 0, "\"x\"");

	w = capture_open(&cap, true);
	json_begin_array(w, NULL);
	json_end_array(w);
	capture_check(&cap, w, 0, "[]\n");
}

static void test_integers(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_array(w, NULL);
	json_u64(w, NULL, 0);
	json_u64(w, NULL, UINT64_MAX);
	json_i64(w, NULL, INT64_MIN);
	json_i64(w, NULL, INT64_MAX);
	json_end_array(w);
	capture_check(&cap, w, 0,
		"[0,18446744073709551615,-9223372036854775808,"
		"9223372036854775807]");
}

static void test_escaping(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_object(w, NULL);
	json_string(w, "q", "say \"hi\"");
	json_string(w, "bs", "C:\\dir\\");
	json_string(w, "ctl", "a\nb\tc\rd\001e\037f\bg\fh");
	json_string(w, "utf8", "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80");
	json_string(w, "del", "\x7f/");
	json_string(w, "k\"e\ny", "v");
	json_string(w, "none", NULL);
	json_string(w, "empty", "");
	json_end_object(w);
	capture_check(&cap, w, 0,
		"{\"q\":\"say \\\"hi\\\"\","
		"\"bs\":\"C:\\\\dir\\\\\","
		"\"ctl\":\"a\\nb\\tc\\u000dd\\u0001e\\u001ff\\u0008g\\u000ch\","
		"\"utf8\":\"caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80\","
		"\"del\":\"\\u007f/\","
		"\"k\\\"e\\ny\":\"v\","
		"\"none\":null,"
		"\"empty\":\"\"}");
}

/* Any bytes: valid UTF-8 out, invalid bytes as \\xNN, controls as \\u00NN. */
static void test_hostile_bytes(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_object(w, NULL);
	json_string(w, "ff", "a\xff" "b");
	json_string(w, "overlong", "\xc0\xaf");
	json_string(w, "surrogate", "\xed\xa0\x80");
	json_string(w, "cut", "ok\xe2\x82");
	json_string(w, "cut4", "\xf0\x9f\x98");
	json_string(w, "big", "\xf4\x90\x80\x80");
	json_string(w, "emoji", "\xf0\x9f\x98\x80");
	json_string(w, "esc", "ev\x1b[31mil");
	json_string(w, "c1", "\xc2\x85\xc2\x9b\xc2\x9f\xc2\xa0");
	json_string(w, "k\xff\x1b", "v");
	json_string(w, "bs", "\\x41");
	json_end_object(w);
	assert_int_equal(json_writer_finish(w), 0);
	json_writer_free(w);
	assert_int_equal(fclose(cap.fp), 0);
	assert_string_equal(cap.buf,
		"{\"ff\":\"a\\\\xffb\","
		"\"overlong\":\"\\\\xc0\\\\xaf\","
		"\"surrogate\":\"\\\\xed\\\\xa0\\\\x80\","
		"\"cut\":\"ok\\\\xe2\\\\x82\","
		"\"cut4\":\"\\\\xf0\\\\x9f\\\\x98\","
		"\"big\":\"\\\\xf4\\\\x90\\\\x80\\\\x80\","
		"\"emoji\":\"\xf0\x9f\x98\x80\","
		"\"esc\":\"ev\\u001b[31mil\","
		"\"c1\":\"\\u0085\\u009b\\u009f\xc2\xa0\","
		"\"k\\\\xff\\u001b\":\"v\","
		"\"bs\":\"\\\\x41\"}");
	assert_true(utf8_check_safe(cap.buf, false));
	free(cap.buf);
}

/* Every byte value, pretty: the document stays safe UTF-8. */
static void test_every_byte(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, true);
	char s[256];
	int i;

	(void)state;
	for (i = 0; i < 255; i++)
		s[i] = (char)(i + 1);
	s[255] = '\0';
	json_begin_object(w, NULL);
	json_string(w, s, s);
	json_end_object(w);
	assert_int_equal(json_writer_finish(w), 0);
	json_writer_free(w);
	assert_int_equal(fclose(cap.fp), 0);
	assert_true(utf8_check_safe(cap.buf, true));
	assert_non_null(strstr(cap.buf, "\\u001f !\\\"#"));
	assert_non_null(strstr(cap.buf, "}~\\u007f\\\\x80\\\\x81"));
	assert_non_null(strstr(cap.buf, "\\\\xfe\\\\xff\""));
	free(cap.buf);
}

static void test_doubles(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_array(w, NULL);
	json_double(w, NULL, 0.0);
	json_double(w, NULL, -0.0);
	json_double(w, NULL, 1.0);
	json_double(w, NULL, -2.25);
	json_double(w, NULL, 0.1);
	json_double(w, NULL, 1.0 / 3.0);
	json_double(w, NULL, 2.0 / 3.0);
	json_double(w, NULL, 1234567.125);
	json_double(w, NULL, 0.0000004);	/* rounds to zero */
	json_double(w, NULL, -0.0000004);	/* and so does this, no "-0" */
	json_double(w, NULL, 0.0000006);	/* rounds up */
	json_double(w, NULL, 1e20);
	json_double(w, NULL, NAN);
	json_double(w, NULL, INFINITY);
	json_double(w, NULL, -INFINITY);
	json_end_array(w);
	capture_check(&cap, w, 0,
		"[0,0,1,-2.25,0.1,0.333333,0.666667,1234567.125,0,0,0.000001,"
		"100000000000000000000,null,null,null]");
}

static void test_double_keyed_nan(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_object(w, NULL);
	json_double(w, "x", NAN);
	json_double(w, "y", 3.0);
	json_end_object(w);
	capture_check(&cap, w, 0, "{\"x\":null,\"y\":3}");
}

static void test_double_locale(void **state)
{
	static const char * const locales[] = {
		"de_DE.UTF-8", "fr_FR.UTF-8", "ru_RU.UTF-8", "de_DE", NULL,
	};
	const char * const *loc;
	struct capture cap;
	struct json_writer *w;

	(void)state;
	for (loc = locales; *loc; loc++) {
		if (setlocale(LC_NUMERIC, *loc))
			break;
	}
	if (!*loc)
		skip();

	w = capture_open(&cap, false);
	json_double(w, NULL, 3.5);
	setlocale(LC_NUMERIC, "C");
	capture_check(&cap, w, 0, "3.5");
}

static void test_key_at_top_level(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_u64(w, "k", 1);
	capture_check(&cap, w, -1, "");
}

static void test_key_in_array(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_array(w, NULL);
	json_u64(w, NULL, 1);
	json_u64(w, "k", 2);
	/* sticky: nothing more is written, closing does not clear it */
	json_u64(w, NULL, 3);
	json_end_array(w);
	capture_check(&cap, w, -1, "[1");
}

static void test_missing_key_in_object(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_object(w, NULL);
	json_begin_array(w, NULL);
	json_end_array(w);
	json_end_object(w);
	capture_check(&cap, w, -1, "{");
}

static void test_wrong_end(void **state)
{
	struct capture cap;
	struct json_writer *w;

	(void)state;
	w = capture_open(&cap, false);
	json_begin_object(w, NULL);
	json_end_array(w);
	json_end_object(w);
	capture_check(&cap, w, -1, "{");

	w = capture_open(&cap, false);
	json_begin_array(w, NULL);
	json_end_object(w);
	capture_check(&cap, w, -1, "[");

	w = capture_open(&cap, false);
	json_end_object(w);
	capture_check(&cap, w, -1, "");
}

static void test_unclosed(void **state)
{
	struct capture cap;
	struct json_writer *w;

	(void)state;
	w = capture_open(&cap, false);
	json_begin_object(w, NULL);
	json_begin_array(w, "a");
	json_end_array(w);
	capture_check(&cap, w, -1, "{\"a\":[]");

	w = capture_open(&cap, false);
	capture_check(&cap, w, -1, "");	/* an empty document */
}

static void test_second_top_level_value(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_object(w, NULL);
	json_end_object(w);
	json_u64(w, NULL, 1);
	capture_check(&cap, w, -1, "{}");
}

static void test_depth_limit(void **state)
{
	struct capture cap;
	struct json_writer *w;
	int i;

	(void)state;
	w = capture_open(&cap, false);
	for (i = 0; i < 64; i++)
		json_begin_array(w, NULL);
	for (i = 0; i < 64; i++)
		json_end_array(w);
	assert_int_equal(json_writer_finish(w), 0);
	json_writer_free(w);
	fclose(cap.fp);
	assert_int_equal(cap.size, 128);
	free(cap.buf);

	w = capture_open(&cap, false);
	for (i = 0; i < 65; i++)
		json_begin_array(w, NULL);
	for (i = 0; i < 65; i++)
		json_end_array(w);
	assert_int_equal(json_writer_finish(w), -1);
	json_writer_free(w);
	fclose(cap.fp);
	free(cap.buf);
}

static void test_write_error_buffered(void **state)
{
	struct json_writer *w;
	FILE *fp = fopen("/dev/full", "w");

	(void)state;
	if (!fp)
		skip();
	w = json_writer_new(fp, true);
	assert_non_null(w);
	json_begin_object(w, NULL);
	json_string(w, "k", "v");
	json_end_object(w);
	/* the bytes sit in the buffer until finish flushes them */
	assert_int_equal(json_writer_finish(w), -1);
	assert_int_equal(json_writer_finish(w), -1);	/* sticky */
	json_writer_free(w);
	fclose(fp);
}

static void test_write_error_unbuffered(void **state)
{
	struct json_writer *w;
	FILE *fp = fopen("/dev/full", "w");

	(void)state;
	if (!fp)
		skip();
	assert_int_equal(setvbuf(fp, NULL, _IONBF, 0), 0);
	w = json_writer_new(fp, false);
	assert_non_null(w);
	json_begin_array(w, NULL);
	assert_true(ferror(fp));
	clearerr(fp);	/* the writer must have remembered it anyway */
	json_u64(w, NULL, 1);
	json_end_array(w);
	assert_int_equal(json_writer_finish(w), -1);
	json_writer_free(w);
	fclose(fp);
}

static void test_null_args(void **state)
{
	(void)state;
	assert_null(json_writer_new(NULL, false));
	assert_int_equal(json_writer_finish(NULL), -1);
	json_writer_free(NULL);
}

/* The reports' times in us with ns resolution, and ids that do not apply as null */
static void test_us_and_ids(void **state)
{
	struct capture cap;
	struct json_writer *w = capture_open(&cap, false);

	(void)state;
	json_begin_object(w, NULL);
	json_us(w, "a", 1234567);
	json_us(w, "b", -1500);
	json_us(w, "c", 1);
	json_int_or_null(w, "vector", 0);
	json_int_or_null(w, "pid", -1);
	json_end_object(w);
	capture_check(&cap, w, 0,
		"{\"a\":1234.567,\"b\":-1.5,\"c\":0.001,\"vector\":0,\"pid\":null}");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compact),
		cmocka_unit_test(test_pretty),
		cmocka_unit_test(test_top_level_scalars),
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_hostile_bytes),
		cmocka_unit_test(test_every_byte),
		cmocka_unit_test(test_doubles),
		cmocka_unit_test(test_double_keyed_nan),
		cmocka_unit_test(test_double_locale),
		cmocka_unit_test(test_key_at_top_level),
		cmocka_unit_test(test_key_in_array),
		cmocka_unit_test(test_missing_key_in_object),
		cmocka_unit_test(test_wrong_end),
		cmocka_unit_test(test_unclosed),
		cmocka_unit_test(test_second_top_level_value),
		cmocka_unit_test(test_depth_limit),
		cmocka_unit_test(test_write_error_buffered),
		cmocka_unit_test(test_write_error_unbuffered),
		cmocka_unit_test(test_null_args),
		cmocka_unit_test(test_us_and_ids),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
