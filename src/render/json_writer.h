/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json_writer - a small streaming JSON writer
 *
 * Commas, indentation and string escaping are handled here. Inside an object
 * every value takes a key; at the top level and inside arrays the key must be
 * NULL. Misuse (a missing key, unbalanced ends) and write errors are sticky and
 * reported by json_writer_finish().
 *
 * Strings (keys and values) may hold any bytes; the output is always valid
 * UTF-8. Control characters (and DEL, and the C1 controls) are escaped by
 * JSON's rules; a byte that is not part of a valid UTF-8 sequence becomes
 * \xNN in the decoded string (like Python's "backslashreplace").
 */
#ifndef RTLENS_JSON_WRITER_H
#define RTLENS_JSON_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct json_writer;

struct json_writer *json_writer_new(FILE *out, bool pretty);
/* 0 when the document is complete and every write succeeded, else -1. */
int json_writer_finish(struct json_writer *w);
void json_writer_free(struct json_writer *w);

void json_begin_object(struct json_writer *w, const char *key);
void json_end_object(struct json_writer *w);
void json_begin_array(struct json_writer *w, const char *key);
void json_end_array(struct json_writer *w);

void json_string(struct json_writer *w, const char *key, const char *val); /* NULL -> null */
void json_u64(struct json_writer *w, const char *key, uint64_t val);
void json_i64(struct json_writer *w, const char *key, int64_t val);
void json_double(struct json_writer *w, const char *key, double val); /* NaN/inf -> null */
/* Six significant digits, an exponent where it is shorter: 1e-9, 2.5e-7, 0.25 (NaN/inf -> null). */
void json_real(struct json_writer *w, const char *key, double val);
void json_bool(struct json_writer *w, const char *key, bool val);
void json_null(struct json_writer *w, const char *key);
/* A value already written as JSON (one that was parsed and printed again). */
void json_raw(struct json_writer *w, const char *key, const char *json);

/* A number printed with "%f", shortened: "12.500" -> "12.5", "3.000" -> "3", "-0" -> "0". */
void json_trim_number(char *buf);

/* The reports' own: a time in ns as microseconds (ns resolution). */
void json_us(struct json_writer *w, const char *key, int64_t ns);
/* An id (vector, pid, ...) that is negative when it does not apply: null. */
void json_int_or_null(struct json_writer *w, const char *key, int val);
/* Every rtlens document's first keys: schema_version, tool {name, version}, command. */
void json_rtlens_head(struct json_writer *w, const char *schema_version, const char *command);
/* A setting where 0 means unset: null. */
void json_u64_or_null(struct json_writer *w, const char *key, uint64_t val);

#endif
