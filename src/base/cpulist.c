// SPDX-License-Identifier: GPL-2.0
/*
 * cpulist - sets of CPUs written as "0-3,5,8-11"
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpulist.h"
#include "base/safe_text.h"

#define BITS_PER_LONG	((int)(CHAR_BIT * sizeof(unsigned long)))

/*
 * The message that quotes the input, the last one made, one per thread:
 * the input's words whole, escaped (safe_text).
 */
static __thread char *why_text;

static size_t nr_words(int nr_cpus)
{
	return ((size_t)nr_cpus + BITS_PER_LONG - 1) / BITS_PER_LONG;
}

int cpu_mask_init(struct cpu_mask *mask, int nr_cpus)
{
	mask->nr_cpus = 0;
	mask->bits = NULL;
	if (nr_cpus < 1) {
		errno = EINVAL;
		return -1;
	}
	mask->bits = calloc(nr_words(nr_cpus), sizeof(*mask->bits));
	if (!mask->bits)
		return -1;
	mask->nr_cpus = nr_cpus;
	return 0;
}

void cpu_mask_free(struct cpu_mask *mask)
{
	free(mask->bits);
	mask->bits = NULL;
	mask->nr_cpus = 0;
}

void cpu_mask_set(struct cpu_mask *mask, int cpu)
{
	if (cpu < 0 || cpu >= mask->nr_cpus)
		return;
	mask->bits[cpu / BITS_PER_LONG] |= 1UL << (cpu % BITS_PER_LONG);
}

void cpu_mask_clear(struct cpu_mask *mask, int cpu)
{
	if (cpu < 0 || cpu >= mask->nr_cpus)
		return;
	mask->bits[cpu / BITS_PER_LONG] &= ~(1UL << (cpu % BITS_PER_LONG));
}

void cpu_mask_fill(struct cpu_mask *mask)
{
	int cpu;

	for (cpu = 0; cpu < mask->nr_cpus; cpu++)
		cpu_mask_set(mask, cpu);
}

void cpu_mask_zero(struct cpu_mask *mask)
{
	if (mask->bits)
		memset(mask->bits, 0, nr_words(mask->nr_cpus) * sizeof(*mask->bits));
}

bool cpu_mask_test(const struct cpu_mask *mask, int cpu)
{
	if (cpu < 0 || cpu >= mask->nr_cpus)
		return false;
	return mask->bits[cpu / BITS_PER_LONG] & (1UL << (cpu % BITS_PER_LONG));
}

int cpu_mask_count(const struct cpu_mask *mask)
{
	size_t i, n = mask->nr_cpus > 0 ? nr_words(mask->nr_cpus) : 0;
	int count = 0;

	for (i = 0; i < n; i++)
		count += __builtin_popcountl(mask->bits[i]);
	return count;
}

int cpu_mask_next(const struct cpu_mask *mask, int cpu)
{
	unsigned long word;
	int idx;

	if (cpu < 0)
		cpu = 0;
	if (cpu >= mask->nr_cpus)
		return -1;

	idx = cpu / BITS_PER_LONG;
	word = mask->bits[idx] & (~0UL << (cpu % BITS_PER_LONG));
	while (!word) {
		if ((size_t)++idx >= nr_words(mask->nr_cpus))
			return -1;
		word = mask->bits[idx];
	}
	cpu = idx * BITS_PER_LONG + __builtin_ctzl(word);
	return cpu < mask->nr_cpus ? cpu : -1;
}

/* Parse the digits of one cpu number in [s, end); INT_MAX when it is huge. */
static int parse_cpu(const char *s, const char *end, int *cpu)
{
	long val = 0;

	if (s == end)
		return -1;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		val = val * 10 + (*s - '0');
		if (val > INT_MAX)
			val = INT_MAX;
	}
	*cpu = (int)val;
	return 0;
}

/* the @len bytes at @s escaped, to free with safe_text_free() */
static char *quoted(const char *s, size_t len)
{
	char *word = strndup(s, len), *shown = safe_text_dup(word);

	free(word);
	return shown;
}

/* as printf would write it, in why_text */
__attribute__((format(printf, 1, 2)))
static const char *why_printf(const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		text = NULL;
	va_end(ap);
	free(why_text);
	why_text = text;
	return text ? text : "an invalid cpu list (out of memory)";
}

static const char *why_token(const char *fmt_what, const char *s, size_t len)
{
	char *word __shown = quoted(s, len);

	return why_printf("'%s' is not a cpu %s", word, fmt_what);
}

static const char *why_range(const struct cpu_mask *mask, const char *s,
			     const char *end)
{
	char *word __shown = quoted(s, end - s);

	return why_printf("cpu %s is out of range 0-%d", word, mask->nr_cpus - 1);
}

/* One entry "N" or "N-M" in [s, end); sets the CPUs when @apply. */
static int parse_entry(struct cpu_mask *mask, const char *s, const char *end,
		       bool apply, const char **why)
{
	const char *dash = memchr(s, '-', end - s);
	const char *first_end = dash ? dash : end;
	int first, last, cpu;

	if (s == end) {
		*why = "empty entry in cpu list";
		return -1;
	}
	if (parse_cpu(s, first_end, &first) ||
	    (dash && parse_cpu(dash + 1, end, &last))) {
		*why = why_token(dash && dash != s ? "range" : "number",
				 s, end - s);
		return -1;
	}
	if (!dash)
		last = first;
	if (first >= mask->nr_cpus) {
		*why = why_range(mask, s, first_end);
		return -1;
	}
	if (last >= mask->nr_cpus) {
		*why = why_range(mask, dash + 1, end);
		return -1;
	}
	if (last < first) {
		*why = why_printf("range %d-%d is reversed", first, last);
		return -1;
	}
	for (cpu = first; apply && cpu <= last; cpu++)
		cpu_mask_set(mask, cpu);
	return 0;
}

static int parse_list(struct cpu_mask *mask, const char *str, bool apply,
		      const char **why)
{
	const char *s = str, *comma;

	for (;;) {
		comma = strchr(s, ',');
		if (!comma)
			return parse_entry(mask, s, s + strlen(s), apply, why);
		if (parse_entry(mask, s, comma, apply, why))
			return -1;
		s = comma + 1;
	}
}

int cpu_mask_parse(struct cpu_mask *mask, const char *str, const char **why)
{
	const char *dummy;

	if (!why)
		why = &dummy;
	if (!str || !*str) {
		*why = "empty list";
		return -1;
	}
	if (mask->nr_cpus < 1) {
		*why = "cpu mask is not initialised";
		return -1;
	}
	/* Validate everything first so that a bad list leaves @mask alone. */
	if (parse_list(mask, str, false, why))
		return -1;
	cpu_mask_zero(mask);
	return parse_list(mask, str, true, why);
}

/* snprintf into @buf at offset @pos without ever overrunning it. */
static int append_range(char *buf, size_t len, int pos, int first, int last)
{
	char *at = (size_t)pos < len ? buf + pos : NULL;
	size_t room = at ? len - pos : 0;
	const char *sep = pos ? "," : "";
	int n;

	if (first == last)
		n = snprintf(at, room, "%s%d", sep, first);
	else
		n = snprintf(at, room, "%s%d-%d", sep, first, last);
	return pos + n;
}

typedef int (*range_fn)(char *buf, size_t len, int pos, int first, int last);

/* Each run of set CPUs through @fn, which returns the new @pos or -1. */
static int format_ranges(const struct cpu_mask *mask, char *buf, size_t len, range_fn fn)
{
	int first, last, pos = 0;

	first = cpu_mask_next(mask, 0);
	while (first >= 0 && pos >= 0) {
		last = first;
		while (last + 1 < mask->nr_cpus && cpu_mask_test(mask, last + 1))
			last++;
		pos = fn(buf, len, pos, first, last);
		first = cpu_mask_next(mask, last + 1);
	}
	return pos;
}

int cpu_mask_format(const struct cpu_mask *mask, char *buf, size_t len)
{
	if (buf && len)
		buf[0] = '\0';
	else
		len = 0;
	return format_ranges(mask, buf, len, append_range);
}

char *cpu_mask_list(const struct cpu_mask *mask)
{
	int len = cpu_mask_format(mask, NULL, 0);
	char *buf = len < 0 ? NULL : malloc(len + 1);

	if (buf)
		cpu_mask_format(mask, buf, len + 1);
	return buf;
}

/* one range of the filter: "CPU==n" or "(CPU>=a&&CPU<=b)", after "||" */
static int filter_range(char *buf, size_t len, int pos, int first, int last)
{
	const char *sep = pos ? "||" : "";
	int n;

	if (first == last)
		n = snprintf(buf + pos, len - pos, "%sCPU==%d", sep, first);
	else
		n = snprintf(buf + pos, len - pos, "%s(CPU>=%d&&CPU<=%d)", sep, first, last);
	if (n < 0 || (size_t)n >= len - pos)
		return -1;
	return pos + n;
}

int cpu_mask_format_filter(const struct cpu_mask *mask, char *buf, size_t len)
{
	if (!len)
		return -1;
	buf[0] = '\0';
	return format_ranges(mask, buf, len, filter_range);
}

int cpu_mask_format_hex(const struct cpu_mask *mask, char *buf, size_t len)
{
	int word = (mask->nr_cpus + 31) / 32, pos = 0;

	if (!len)
		return -1;
	buf[0] = '\0';
	while (word-- > 0) {
		uint32_t bits = 0;
		int b, n;

		for (b = 0; b < 32; b++)
			if (word * 32 + b < mask->nr_cpus && cpu_mask_test(mask, word * 32 + b))
				bits |= 1U << b;
		n = snprintf(buf + pos, len - pos, "%s%08x", pos ? "," : "", bits);
		if (n < 0 || (size_t)n >= len - pos)
			return -1;
		pos += n;
	}
	return pos;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int cpu_mask_parse_hex(struct cpu_mask *mask, const char *str, const char **why)
{
	const char *dummy;
	size_t len = strlen(str);
	int bit = 0, d, b;

	if (!why)
		why = &dummy;
	while (len && (str[len - 1] == '\n' || str[len - 1] == ' '))
		len--;
	if (!len) {
		*why = "empty mask";
		return -1;
	}
	if (strspn(str, "0123456789abcdefABCDEF,") < len) {
		*why = "not a hexadecimal cpu mask";
		return -1;
	}
	cpu_mask_zero(mask);
	/* the lowest CPUs are at the end */
	while (len--) {
		d = hex_digit(str[len]);
		if (d < 0)
			continue;	/* a comma */
		for (b = 0; b < 4; b++, bit++)
			if ((d >> b) & 1 && bit < mask->nr_cpus)
				cpu_mask_set(mask, bit);
	}
	return 0;
}
