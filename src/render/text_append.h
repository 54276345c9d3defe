/* SPDX-License-Identifier: GPL-2.0 */
/*
 * text_append - a line made in a buffer of a fixed size, piece by piece,
 * cut where it is full (the plot's legends, --until-confident's verdict)
 */
#ifndef RTLENS_TEXT_APPEND_H
#define RTLENS_TEXT_APPEND_H

#include <stddef.h>

/* printf at *@at of @buf, *@at moved on (never past @len) */
void __attribute__((format(printf, 4, 5)))
text_append(char *buf, size_t len, size_t *at, const char *fmt, ...);

#endif
