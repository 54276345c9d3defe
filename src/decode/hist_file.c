// SPDX-License-Identifier: GPL-2.0
/*
 * hist_file - the kernel writes one line per key of a hist trigger:
 *
 *   { duration: ~ 1000-1999, cpu:          2 } hitcount:          5
 *
 * comment lines start with '#', the totals come after a blank line.
 */
#include <stdio.h>
#include <string.h>

#include "decode/hist_file.h"

static int parse_line(const char *line, hist_bucket_fn fn, void *ctx)
{
	unsigned long long low, high, count;
	int cpu;

	if (sscanf(line, "{ duration: ~ %llu-%llu, cpu: %d } hitcount: %llu",
		   &low, &high, &cpu, &count) != 4 || cpu < 0)
		return -1;
	fn(cpu, low, count, ctx);
	return 0;
}

int hist_file_parse(const char *text, hist_bucket_fn fn, void *ctx)
{
	const char *line = text;
	int n = 0;

	while (line && *line) {
		const char *next = strchr(line, '\n');

		if (!strncmp(line, "{ duration:", 11)) {
			if (parse_line(line, fn, ctx))
				return -1;
			n++;
		}
		line = next ? next + 1 : NULL;
	}
	return n;
}
