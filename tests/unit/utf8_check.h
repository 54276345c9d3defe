/* SPDX-License-Identifier: GPL-2.0 */
/*
 * utf8_check - for the unit tests: is a text well-formed UTF-8, and free of
 * the bytes a terminal acts on? Written from the Unicode standard's table of
 * well-formed byte sequences (3-7), apart from src/base/safe_text.c.
 */
#ifndef RTLENS_TEST_UTF8_CHECK_H
#define RTLENS_TEST_UTF8_CHECK_H

#include <stdbool.h>
#include <string.h>

/* Bytes of the well-formed sequence at s, 0 if none. */
static inline int utf8_check_seq(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	int len, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

/*
 * Well-formed UTF-8 with no control character: no C0 byte (except \n when
 * newline_ok), no DEL, no C1 (c2 80 to c2 9f).
 */
static inline bool utf8_check_safe(const char *text, bool newline_ok)
{
	const unsigned char *s = (const unsigned char *)text;
	int n;

	for (; *s; s += n) {
		n = utf8_check_seq(s);
		if (!n)
			return false;
		if ((*s < 0x20 && !(newline_ok && *s == '\n')) || *s == 0x7f)
			return false;
		if (s[0] == 0xc2 && s[1] < 0xa0)
			return false;
	}
	return true;
}

#endif
