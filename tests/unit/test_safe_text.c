// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for safe_text: printable UTF-8 passes, everything else is \xNN,
 * and the output is bounded without cutting an escape or a character
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "base/safe_text.h"
#include "utf8_check.h"

/* src escaped in a buffer large enough: exactly want, and its length returned. */
static void assert_escaped(const char *src, const char *want)
{
	char buf[256];
	size_t len;

	len = safe_text(buf, sizeof(buf), src);
	if (strcmp(buf, want))
		fail_msg("safe_text gave \"%s\", want \"%s\"", buf, want);
	assert_int_equal(len, strlen(want));
	assert_true(utf8_check_safe(buf, false));
}

static void test_printable_passes(void **state)
{
	(void)state;
	assert_escaped("", "");
	assert_escaped("rtl_spin", "rtl_spin");
	assert_escaped("kworker/u16:3-events_unbound", "kworker/u16:3-events_unbound");
	assert_escaped(" ~!\"#$%&'()*+,-./\\{|}", " ~!\"#$%&'()*+,-./\\{|}");
	assert_escaped("caf\xc3\xa9", "caf\xc3\xa9");			/* U+00E9 */
	assert_escaped("\xc2\xa0", "\xc2\xa0");				/* U+00A0, past C1 */
	assert_escaped("\xe2\x86\x92", "\xe2\x86\x92");			/* U+2192 */
	assert_escaped("\xed\x9f\xbf", "\xed\x9f\xbf");			/* U+D7FF */
	assert_escaped("\xee\x80\x80", "\xee\x80\x80");			/* U+E000 */
	assert_escaped("\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");		/* U+1F600 */
	assert_escaped("\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf");		/* U+10FFFF */
}

static void test_controls(void **state)
{
	(void)state;
	assert_escaped("ev\x1b[31mil", "ev\\x1b[31mil");
	assert_escaped("\x01\t\n\r\x1f", "\\x01\\x09\\x0a\\x0d\\x1f");
	assert_escaped("a\x7f" "b", "a\\x7fb");
	/* C1: both bytes of c2 80 .. c2 9f */
	assert_escaped("\xc2\x80", "\\xc2\\x80");
	assert_escaped("x\xc2\x9b" "2J", "x\\xc2\\x9b2J");		/* CSI */
	assert_escaped("\xc2\x9f", "\\xc2\\x9f");
}

static void test_invalid(void **state)
{
	(void)state;
	assert_escaped("a\xff" "b", "a\\xffb");
	assert_escaped("\xfe\xf5\xf8", "\\xfe\\xf5\\xf8");
	assert_escaped("\x80\xbf", "\\x80\\xbf");			/* stray continuations */
	/* overlong forms */
	assert_escaped("\xc0\xaf", "\\xc0\\xaf");
	assert_escaped("\xc1\xbf", "\\xc1\\xbf");
	assert_escaped("\xe0\x80\xaf", "\\xe0\\x80\\xaf");
	assert_escaped("\xe0\x9f\xbf", "\\xe0\\x9f\\xbf");
	assert_escaped("\xf0\x80\x80\xaf", "\\xf0\\x80\\x80\\xaf");
	assert_escaped("\xf0\x8f\xbf\xbf", "\\xf0\\x8f\\xbf\\xbf");
	/* surrogates, and past U+10FFFF */
	assert_escaped("\xed\xa0\x80", "\\xed\\xa0\\x80");
	assert_escaped("\xed\xbf\xbf", "\\xed\\xbf\\xbf");
	assert_escaped("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80");
	/* cut short, at the end or by the next character */
	assert_escaped("ok\xe2\x82", "ok\\xe2\\x82");
	assert_escaped("\xf0\x9f\x98", "\\xf0\\x9f\\x98");
	assert_escaped("\xc3", "\\xc3");
	assert_escaped("\xe2\x82" "A\xc3\xa9", "\\xe2\\x82A\xc3\xa9");
	assert_escaped("\xf0\x9f\xf0\x9f\x98\x80", "\\xf0\\x9f\xf0\x9f\x98\x80");
}

/* src escaped into size bytes of a larger buffer: exactly want. */
static void assert_bounded(size_t size, const char *src, const char *want)
{
	char buf[32];

	memset(buf, 'z', sizeof(buf));
	assert_int_equal(safe_text(buf, size, src), strlen(want));
	assert_string_equal(buf, want);
}

static void test_bounded(void **state)
{
	char buf[4] = "q";

	(void)state;
	/* a 4-byte character needs 5 bytes with the NUL */
	assert_bounded(6, "ab\xf0\x9f\x98\x80", "ab");
	assert_bounded(7, "ab\xf0\x9f\x98\x80", "ab\xf0\x9f\x98\x80");
	/* an escape is whole or absent */
	assert_bounded(5, "a\x1b", "a");
	assert_bounded(6, "a\x1b", "a\\x1b");
	/* a C1 control: both escapes or neither */
	assert_bounded(8, "\xc2\x85", "");
	assert_bounded(9, "\xc2\x85", "\\xc2\\x85");
	/* plain text fills the buffer */
	assert_bounded(4, "abcdef", "abc");
	assert_bounded(1, "abc", "");
	/* NULL is "" */
	assert_bounded(8, NULL, "");
	/* size 0 writes nothing */
	assert_int_equal(safe_text(buf, 0, "abc"), 0);
	assert_int_equal(buf[0], 'q');
	assert_int_equal(safe_text(NULL, 0, "abc"), 0);
}

/* The worst case fits SAFE_TEXT_SIZE, and every byte value comes out safe. */
static void test_every_byte(void **state)
{
	char src[256], dst[SAFE_TEXT_SIZE(255)];
	int i;

	(void)state;
	for (i = 0; i < 255; i++)
		src[i] = (char)(255 - i);	/* 0xff down to 0x01 */
	src[255] = '\0';
	/* all but the 95 printable ASCII bytes are escaped, none is dropped */
	assert_int_equal(safe_text(dst, sizeof(dst), src), 95 + 4 * (255 - 95));
	assert_int_equal(strlen(dst), 95 + 4 * (255 - 95));
	assert_true(utf8_check_safe(dst, false));

	memset(src, 0xff, 255);
	assert_int_equal(safe_text(dst, sizeof(dst), src), 4 * 255);
}

static void test_decode(void **state)
{
	uint32_t cp = 0;

	(void)state;
	assert_int_equal(safe_text_decode("A", &cp), 1);
	assert_int_equal(cp, 'A');
	assert_int_equal(safe_text_decode("", &cp), 1);
	assert_int_equal(cp, 0);
	assert_int_equal(safe_text_decode("\xc3\xa9", &cp), 2);
	assert_int_equal(cp, 0xe9);
	assert_int_equal(safe_text_decode("\xe2\x86\x92", &cp), 3);
	assert_int_equal(cp, 0x2192);
	assert_int_equal(safe_text_decode("\xf0\x9f\x98\x80", &cp), 4);
	assert_int_equal(cp, 0x1f600);
	assert_int_equal(safe_text_decode("\xc2\x85", &cp), 2);
	assert_int_equal(cp, 0x85);
	assert_int_equal(safe_text_decode("\xc0\xaf", &cp), 0);
	assert_int_equal(safe_text_decode("\xed\xa0\x80", &cp), 0);
	assert_int_equal(safe_text_decode("\xe2\x82", &cp), 0);
	assert_int_equal(safe_text_decode("\xbf", &cp), 0);
}

static void test_is_control(void **state)
{
	(void)state;
	assert_true(safe_text_is_control(0));
	assert_true(safe_text_is_control(0x1f));
	assert_false(safe_text_is_control(0x20));
	assert_false(safe_text_is_control(0x7e));
	assert_true(safe_text_is_control(0x7f));
	assert_true(safe_text_is_control(0x9f));
	assert_false(safe_text_is_control(0xa0));
	assert_false(safe_text_is_control(0x1f600));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_printable_passes),
		cmocka_unit_test(test_controls),
		cmocka_unit_test(test_invalid),
		cmocka_unit_test(test_bounded),
		cmocka_unit_test(test_every_byte),
		cmocka_unit_test(test_decode),
		cmocka_unit_test(test_is_control),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
