/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_load - what the readers of a report share (report_file.c reads
 * the file and its top level, report_results.c the per-CPU results, the
 * histograms and the analysis, through the report's shape: see
 * report_shape.h): the reader's state and typed access to the JSON
 * members, each failure a message that names the field. Private to
 * source/report_*.c.
 */
#ifndef RTLENS_REPORT_LOAD_H
#define RTLENS_REPORT_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "analysis/report_data.h"
#include "base/log.h"

#define REPORT_MAX_CPU		65536

struct report_shape;

struct loader {
	struct report_data	*r;
	const struct report_shape *shape;	/* how its results read */
	const char		*name;		/* the path, whole, safe to print */
	char			where[96];		/* "cpus[3]": what is read */
	size_t			sources_cap;
};

enum want {
	WANT_NUM,
	WANT_STR,
	WANT_OBJ,
	WANT_ARR,
};

/* ---- messages: each returns -1 ---- */
int report_oom(void);
/* "@name: @where.@key @why: not a complete rtlens report..." */
int report_damaged(struct loader *l, const char *key, const char *why);
/* What is read now, named in messages: "cpus[3]" */
__attribute__((format(printf, 2, 3)))
void report_where(struct loader *l, const char *fmt, ...);

/* ---- members: 0, or -1 with a message ---- */
bool report_is(json_object *v, enum want w);
int report_get(struct loader *l, json_object *o, const char *key, enum want w, json_object **v);
/* null or absent: 0 with *v NULL */
int report_get_null(struct loader *l, json_object *o, const char *key, enum want w,
		    json_object **v);
int report_get_num(struct loader *l, json_object *o, const char *key, double *out);
int report_get_count(struct loader *l, json_object *o, const char *key, uint64_t *out);
int report_get_cpu(struct loader *l, json_object *o, int *cpu);
int report_get_str(struct loader *l, json_object *o, const char *key, char **out);
/* a number or null (-1) */
int report_get_id(struct loader *l, json_object *o, const char *key, int *out);
/* a string, "" when it is none */
int report_get_text(json_object *o, const char *key, char **out);
/* strdup (NULL: ""), with the message when out of memory */
int report_dup(const char *s, char **out);

/* ---- entries ---- */
int report_add_entry(struct report_entries *e, const char *key, json_object *v);
/* the member @key of @o, when there, as the entry @name */
int report_add_member(struct report_entries *e, json_object *o, const char *key,
		      const char *name);

/* ---- the results (report_results.c), by @l->shape ---- */
int report_load_cpus(struct loader *l, json_object *doc, json_object *config);
int report_load_histogram(struct loader *l, json_object *doc);
int report_load_analysis(struct loader *l, json_object *doc);
/* ---- report_tail.c: "tail" (2.5), the main series of each CPU ---- */
int report_load_tail(struct loader *l, json_object *doc);

#endif
