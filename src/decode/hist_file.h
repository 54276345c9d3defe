/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hist_file - read the text of a kernel hist trigger keyed by
 * "duration.buckets=N" and "cpu": one call per bucket and CPU
 */
#ifndef RTLENS_HIST_FILE_H
#define RTLENS_HIST_FILE_H

#include <stdint.h>

typedef void (*hist_bucket_fn)(int cpu, uint64_t low, uint64_t count, void *ctx);

/* Returns the number of entries read, or -1 when a line cannot be read. */
int hist_file_parse(const char *text, hist_bucket_fn fn, void *ctx);

#endif
