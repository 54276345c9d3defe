// SPDX-License-Identifier: GPL-2.0
/*
 * progress - the progress line: carriage return, the line, erase to the
 * end of the line; wiped before the report
 */
#include <stdio.h>
#include <unistd.h>

#include "session/progress.h"

void progress_start(struct progress *pr, bool want)
{
	pr->on = want && isatty(STDERR_FILENO);
	pr->shown = false;
}

void progress_show(struct progress *pr, const char *line)
{
	if (!pr->on)
		return;
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	pr->shown = true;
}

void progress_clear(struct progress *pr)
{
	if (!pr->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	pr->shown = false;
}
