// SPDX-License-Identifier: GPL-2.0
/*
 * long_text - long texts of a user's, for the tests (see long_text.h)
 */
#include <stdio.h>

#include "long_text.h"

size_t long_words(char *buf, size_t size, const char *word, const char *sep, int n)
{
	size_t at = 0;
	int i;

	if (size)
		buf[0] = '\0';
	for (i = 0; i < n && at < size; i++)
		at += snprintf(buf + at, size - at, "%s%s %02d", i ? sep : "", word, i);
	return at;
}
