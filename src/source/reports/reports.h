/* SPDX-License-Identifier: GPL-2.0 */
/*
 * reports - rtlens's JSON reports read back (json-c) for compare and merge
 */
#ifndef RTLENS_SOURCE_REPORTS_H
#define RTLENS_SOURCE_REPORTS_H

#include <stddef.h>

#include "analysis/report_data.h"

/*
 * report_file - an rtlens JSON report read back (json-c) for `rtlens
 * compare`: checked to be a report of rtlens, of a schema major version
 * this rtlens knows (1.x, 2.x) and of a command it knows, and turned into a
 * struct report_data (analysis/report_data.h), the same for both majors:
 * a report of 1.x and one of 2.x compare and merge
 */
/* The schema major versions of the reports this rtlens reads. */
#define REPORT_OLDEST_MAJOR	1
#define REPORT_NEWEST_MAJOR	2

/*
 * Read the report at @path into @r (zeroed here; @r->path is @path). 0, or
 * -1 with a message that says what is wrong with the file and what to do;
 * @r is then empty.
 */
int report_file_load(struct report_data *r, const char *path);
/* The same from @len bytes of @text; @path names it in messages. */
int report_parse(struct report_data *r, const char *text, size_t len, const char *path);
/* Free what a load allocated; safe on an empty or freed @r. */
void report_data_free(struct report_data *r);

#endif
