// SPDX-License-Identifier: GPL-2.0
/*
 * log - messages to the user, on stderr
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/log.h"
#include "base/safe_text.h"

static const char *log_name = "rtlens";
static bool log_debug;

void log_set_prefix(const char *prefix)
{
	log_name = prefix;
}

const char *log_prefix(void)
{
	return log_name;
}

void log_set_debug(bool on)
{
	log_debug = on;
}

bool log_debug_on(void)
{
	return log_debug;
}

const char *log_arg(const char *arg, char *buf)
{
	char cut[LOG_ARG_MAX + 1];
	size_t len;

	snprintf(cut, sizeof(cut), "%.*s", LOG_ARG_MAX, arg);
	len = safe_text(buf, LOG_ARG_BUF - 3, cut);
	if (strnlen(arg, LOG_ARG_MAX + 1) > LOG_ARG_MAX)
		strcpy(buf + len, "...");
	return buf;
}

__attribute__((format(printf, 2, 0)))
static void log_vprint(const char *kind, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s", log_name, kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void err_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vprint("error: ", fmt, ap);
	va_end(ap);
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

void debug_msg(const char *fmt, ...)
{
	va_list ap;

	if (!log_debug)
		return;
	va_start(ap, fmt);
	log_vprint("debug: ", fmt, ap);
	va_end(ap);
}
