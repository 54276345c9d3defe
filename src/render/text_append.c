// SPDX-License-Identifier: GPL-2.0
/*
 * text_append - printf at the end of a line in a fixed buffer (text_append.h)
 */
#include <stdarg.h>
#include <stdio.h>

#include "render/text_append.h"

void text_append(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*at >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *at, len - *at, fmt, ap);
	va_end(ap);
	*at = n < 0 || (size_t)n >= len - *at ? len : *at + (size_t)n;
}
