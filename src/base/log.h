/* SPDX-License-Identifier: GPL-2.0 */
/*
 * log - messages to the user: errors say what failed, why, and what to do
 */
#ifndef RTLENS_LOG_H
#define RTLENS_LOG_H

#include <stdbool.h>

/* Prefix of every message, e.g. "rtlens osnoise top". */
void log_set_prefix(const char *prefix);
const char *log_prefix(void);
void log_set_debug(bool on);
bool log_debug_on(void);

/*
 * A user's argument as a message may show it: cut to LOG_ARG_MAX bytes
 * ("..." marks the cut), bytes that are not printable UTF-8 as \xNN
 * (safe_text). Returns @buf, of at least LOG_ARG_BUF bytes.
 */
#define LOG_ARG_MAX	64
#define LOG_ARG_BUF	(4 * LOG_ARG_MAX + 8)
const char *log_arg(const char *arg, char *buf);

void err_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warn_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void info_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void debug_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
