// SPDX-License-Identifier: GPL-2.0
/*
 * json_writer - a small streaming JSON writer
 */
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/json_writer.h"
#include "base/safe_text.h"

#define JSON_MAX_DEPTH	64

enum json_container {
	JSON_OBJECT,
	JSON_ARRAY,
};

struct json_level {
	enum json_container	kind;
	bool			has_items;
};

struct json_writer {
	FILE			*out;
	bool			pretty;
	bool			error;
	bool			top_done;	/* the one top-level value is complete */
	int			depth;
	locale_t		c_locale;	/* numbers never get a locale comma */
	struct json_level	stack[JSON_MAX_DEPTH];
};

struct json_writer *json_writer_new(FILE *out, bool pretty)
{
	struct json_writer *w;

	if (!out)
		return NULL;
	w = calloc(1, sizeof(*w));
	if (!w)
		return NULL;
	w->c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	if (w->c_locale == (locale_t)0) {
		free(w);
		return NULL;
	}
	w->out = out;
	w->pretty = pretty;
	return w;
}

void json_writer_free(struct json_writer *w)
{
	if (!w)
		return;
	freelocale(w->c_locale);
	free(w);
}

int json_writer_finish(struct json_writer *w)
{
	if (!w)
		return -1;
	if (fflush(w->out) || ferror(w->out))
		w->error = true;
	if (w->error || w->depth || !w->top_done)
		return -1;
	return 0;
}

static void put_str(struct json_writer *w, const char *s)
{
	if (!w->error && fputs(s, w->out) == EOF)
		w->error = true;
}

static void put_char(struct json_writer *w, char c)
{
	if (!w->error && putc(c, w->out) == EOF)
		w->error = true;
}

static void put_newline_indent(struct json_writer *w)
{
	int i;

	if (!w->pretty)
		return;
	put_char(w, '\n');
	for (i = 0; i < w->depth; i++)
		put_str(w, "  ");
}

static void put_bytes(struct json_writer *w, const char *s, size_t n)
{
	if (!w->error && fwrite(s, 1, n, w->out) != n)
		w->error = true;
}

/* The valid UTF-8 sequence s of n bytes, code point cp, escaped for JSON. */
static void put_escaped_char(struct json_writer *w, const char *s, int n, uint32_t cp)
{
	char buf[8];

	switch (cp) {
	case '"':
		put_str(w, "\\\"");
		break;
	case '\\':
		put_str(w, "\\\\");
		break;
	case '\n':
		put_str(w, "\\n");
		break;
	case '\t':
		put_str(w, "\\t");
		break;
	default:
		if (safe_text_is_control(cp)) {
			snprintf(buf, sizeof(buf), "\\u%04x", (unsigned int)cp);
			put_str(w, buf);
		} else {
			put_bytes(w, s, (size_t)n);
		}
	}
}

/* A byte of no valid UTF-8 sequence: "\\xNN" in the JSON, \xNN once decoded. */
static void put_invalid_byte(struct json_writer *w, unsigned char c)
{
	char buf[8];

	snprintf(buf, sizeof(buf), "\\\\x%02x", c);
	put_str(w, buf);
}

/* Any bytes as a JSON string that is valid UTF-8 and keeps every byte. */
static void put_quoted(struct json_writer *w, const char *s)
{
	uint32_t cp;
	int n;

	put_char(w, '"');
	for (; *s; s += n) {
		n = safe_text_decode(s, &cp);
		if (n) {
			put_escaped_char(w, s, n, cp);
		} else {
			put_invalid_byte(w, (unsigned char)*s);
			n = 1;
		}
	}
	put_char(w, '"');
}

/*
 * Check that @key fits where the next value goes, then write the separator,
 * the indentation and the key. False when the writer is (now) in error.
 */
static bool begin_value(struct json_writer *w, const char *key)
{
	struct json_level *level;

	if (w->error)
		return false;
	if (!w->depth) {
		if (key || w->top_done)
			w->error = true;
		return !w->error;
	}

	level = &w->stack[w->depth - 1];
	if ((level->kind == JSON_OBJECT) != (key != NULL)) {
		w->error = true;
		return false;
	}
	if (level->has_items)
		put_char(w, ',');
	level->has_items = true;
	put_newline_indent(w);
	if (key) {
		put_quoted(w, key);
		put_str(w, w->pretty ? ": " : ":");
	}
	return !w->error;
}

static void end_value(struct json_writer *w)
{
	if (w->depth)
		return;
	w->top_done = true;
	if (w->pretty)
		put_char(w, '\n');
}

static void put_value(struct json_writer *w, const char *key, const char *text)
{
	if (!begin_value(w, key))
		return;
	put_str(w, text);
	end_value(w);
}

static void begin_container(struct json_writer *w, const char *key,
			    enum json_container kind)
{
	if (w->error)
		return;
	if (w->depth >= JSON_MAX_DEPTH) {
		w->error = true;
		return;
	}
	if (!begin_value(w, key))
		return;
	put_char(w, kind == JSON_OBJECT ? '{' : '[');
	w->stack[w->depth].kind = kind;
	w->stack[w->depth].has_items = false;
	w->depth++;
}

static void end_container(struct json_writer *w, enum json_container kind)
{
	bool had_items;

	if (w->error)
		return;
	if (!w->depth || w->stack[w->depth - 1].kind != kind) {
		w->error = true;
		return;
	}
	had_items = w->stack[w->depth - 1].has_items;
	w->depth--;
	if (had_items)
		put_newline_indent(w);
	put_char(w, kind == JSON_OBJECT ? '}' : ']');
	end_value(w);
}

void json_raw(struct json_writer *w, const char *key, const char *json)
{
	put_value(w, key, json);
}

void json_begin_object(struct json_writer *w, const char *key)
{
	begin_container(w, key, JSON_OBJECT);
}

void json_end_object(struct json_writer *w)
{
	end_container(w, JSON_OBJECT);
}

void json_begin_array(struct json_writer *w, const char *key)
{
	begin_container(w, key, JSON_ARRAY);
}

void json_end_array(struct json_writer *w)
{
	end_container(w, JSON_ARRAY);
}

void json_string(struct json_writer *w, const char *key, const char *val)
{
	if (!val) {
		json_null(w, key);
		return;
	}
	if (!begin_value(w, key))
		return;
	put_quoted(w, val);
	end_value(w);
}

void json_u64(struct json_writer *w, const char *key, uint64_t val)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%" PRIu64, val);
	put_value(w, key, buf);
}

void json_i64(struct json_writer *w, const char *key, int64_t val)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%" PRId64, val);
	put_value(w, key, buf);
}

void json_trim_number(char *buf)
{
	char *end;

	if (strchr(buf, '.')) {
		end = buf + strlen(buf) - 1;
		while (*end == '0')
			*end-- = '\0';
		if (*end == '.')
			*end = '\0';
	}
	if (!strcmp(buf, "-0"))
		strcpy(buf, "0");
}

/* "%.6f" in the C locale, without trailing zeros; "-0" becomes "0". */
static void format_double(struct json_writer *w, double val, char *buf,
			  size_t len)
{
	locale_t old = uselocale(w->c_locale);

	snprintf(buf, len, "%.6f", val);
	uselocale(old);
	json_trim_number(buf);
}

void json_double(struct json_writer *w, const char *key, double val)
{
	char buf[400];	/* -DBL_MAX with six decimals fits */

	if (!isfinite(val)) {
		json_null(w, key);
		return;
	}
	format_double(w, val, buf, sizeof(buf));
	put_value(w, key, buf);
}

void json_real(struct json_writer *w, const char *key, double val)
{
	char buf[32], *e;
	locale_t old;

	if (!isfinite(val)) {
		json_null(w, key);
		return;
	}
	old = uselocale(w->c_locale);
	snprintf(buf, sizeof(buf), "%.6g", val);
	uselocale(old);
	/* "1e-09": the exponent's zeros are no part of the number */
	for (e = strchr(buf, 'e'); e && (e[1] == '-' || e[1] == '+') && e[2] == '0' && e[3]; )
		memmove(e + 2, e + 3, strlen(e + 3) + 1);
	put_value(w, key, buf);
}

void json_bool(struct json_writer *w, const char *key, bool val)
{
	put_value(w, key, val ? "true" : "false");
}

void json_null(struct json_writer *w, const char *key)
{
	put_value(w, key, "null");
}

void json_us(struct json_writer *w, const char *key, int64_t ns)
{
	json_double(w, key, (double)ns / 1000.0);
}

void json_int_or_null(struct json_writer *w, const char *key, int val)
{
	if (val >= 0)
		json_i64(w, key, val);
	else
		json_null(w, key);
}

void json_u64_or_null(struct json_writer *w, const char *key, uint64_t val)
{
	if (val)
		json_u64(w, key, val);
	else
		json_null(w, key);
}

void json_rtlens_head(struct json_writer *w, const char *schema_version, const char *command)
{
	json_string(w, "schema_version", schema_version);
	json_begin_object(w, "tool");
	json_string(w, "name", "rtlens");
	json_string(w, "version", RTLENS_VERSION);
	json_end_object(w);
	json_string(w, "command", command);
}
