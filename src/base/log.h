/* SPDX-License-Identifier: GPL-2.0 */
/*
 * log - messages to the user: errors say what failed, why, and what to do
 */
#ifndef RTLENS_LOG_H
#define RTLENS_LOG_H

#include <stdarg.h>
#include <stdbool.h>

#include "base/safe_text.h"

/* Prefix of every message, e.g. "rtlens osnoise top". */
void log_set_prefix(const char *prefix);
const char *log_prefix(void);
void log_set_debug(bool on);
bool log_debug_on(void);

/*
 * Every message is printed escaped as a whole (safe_text): one line, no
 * byte that drives the terminal.
 *
 * A user's argument (a path, a command, a value) as a message shows it:
 * whole, however long, with the bytes that are not printable UTF-8 as
 * \xNN, so that it cannot drive the terminal (safe_text_dup(): hold it in
 * a variable declared __shown, freed when it goes out of scope).
 */
static inline char *log_arg(const char *arg)
{
	return safe_text_dup(arg);
}

void err_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void err_vmsg(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
void warn_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void info_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void debug_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
