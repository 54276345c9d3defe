// SPDX-License-Identifier: GPL-2.0
/*
 * safe_text - text from outside made safe to print on a terminal
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/safe_text.h"

/* The length of the sequence a lead byte starts, 0 if none. */
static int lead_len(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if (c < 0xc2)	/* a continuation byte, or an overlong 2-byte lead */
		return 0;
	if (c < 0xe0)
		return 2;
	if (c < 0xf0)
		return 3;
	if (c < 0xf5)	/* past f4: beyond U+10FFFF */
		return 4;
	return 0;
}

int safe_text_decode(const char *s, uint32_t *cp)
{
	static const uint32_t min_cp[] = { 0, 0, 0x80, 0x800, 0x10000 };
	const unsigned char *u = (const unsigned char *)s;
	int i, len = lead_len(u[0]);
	uint32_t c;

	if (len <= 1) {
		*cp = u[0];
		return len;
	}
	c = u[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)	/* a NUL too: cut short */
			return 0;
		c = c << 6 | (u[i] & 0x3f);
	}
	if (c < min_cp[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

bool safe_text_is_control(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

/* n bytes of src as "\xNN" each, at dst */
static void put_escapes(char *dst, const char *src, int n)
{
	int i;

	for (i = 0; i < n; i++)
		snprintf(dst + 4 * i, 5, "\\x%02x", (unsigned char)src[i]);
}

size_t safe_text(char *dst, size_t size, const char *src)
{
	size_t len = 0, need;
	bool escape;
	uint32_t cp;
	int n;

	if (!size)
		return 0;
	for (; src && *src; src += n) {
		n = safe_text_decode(src, &cp);
		escape = !n || safe_text_is_control(cp);
		if (!n)
			n = 1;
		need = escape ? 4 * (size_t)n : (size_t)n;
		if (need >= size - len)
			break;
		if (escape)
			put_escapes(dst + len, src, n);
		else
			memcpy(dst + len, src, n);
		len += need;
	}
	dst[len] = '\0';
	return len;
}

static char no_memory[] = "(not shown: out of memory)";

char *safe_text_dup(const char *src)
{
	size_t size = SAFE_TEXT_SIZE(src ? strlen(src) : 0);
	int saved = errno;
	char *dst = malloc(size);

	errno = saved;
	if (!dst)
		return no_memory;
	safe_text(dst, size, src);
	return dst;
}

void safe_text_free(char **text)
{
	if (*text != no_memory)
		free(*text);
	*text = NULL;
}
