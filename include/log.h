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

void err_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warn_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void info_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void debug_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
