// SPDX-License-Identifier: GPL-2.0
/*
 * log - messages to the user, on stderr
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/log.h"

static const char *log_name = "rtlens";
static bool log_debug;
static double log_t0;

void log_set_prefix(const char *prefix)
{
	log_name = prefix;
}

const char *log_prefix(void)
{
	return log_name;
}

static double clock_s(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void log_set_debug(bool on)
{
	log_debug = on;
	log_t0 = clock_s(CLOCK_MONOTONIC);
}

bool log_debug_on(void)
{
	return log_debug;
}

/*
 * One line on stderr: the whole message escaped (safe_text), so that a
 * path or a name in it, however it came, cannot drive the terminal or
 * break the line; after what stdout held, so that it does not land in the
 * middle of one of its lines. errno is kept.
 */
__attribute__((format(printf, 2, 0)))
static void log_vprint(const char *kind, const char *fmt, va_list ap)
{
	int saved = errno;
	char *msg = NULL, *shown __shown = NULL;

	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	shown = safe_text_dup(msg ? msg : "(out of memory: the message is lost)");
	/* what stdout holds first: with both sent to one file, lines stay whole */
	fflush(stdout);
	fprintf(stderr, "%s: %s%s\n", log_name, kind, shown);
	free(msg);
	errno = saved;
}

void err_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	err_vmsg(fmt, ap);
	va_end(ap);
}

void err_vmsg(const char *fmt, va_list ap)
{
	log_vprint("error: ", fmt, ap);
}

void warn_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vprint("warning: ", fmt, ap);
	va_end(ap);
}

void info_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vprint("", fmt, ap);
	va_end(ap);
}

/* each debug line says when, since the start, and the CPU rtlens had used by then */
void debug_msg(const char *fmt, ...)
{
	char kind[64];
	va_list ap;

	if (!log_debug)
		return;
	snprintf(kind, sizeof(kind), "debug: [%.3f s, cpu %.3f s] ", clock_s(CLOCK_MONOTONIC) - log_t0,
		 clock_s(CLOCK_PROCESS_CPUTIME_ID));
	va_start(ap, fmt);
	log_vprint(kind, fmt, ap);
	va_end(ap);
}
