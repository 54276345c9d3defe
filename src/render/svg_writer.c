// SPDX-License-Identifier: GPL-2.0
/*
 * svg_writer - SVG elements with their text escaped, and axis numbers
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/safe_text.h"
#include "render/svg_writer.h"

void svg_begin(FILE *out, double w, double h, const char *title)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\" font-size=\"11\">\n", w, h, w, h);
	fprintf(out, "<title>");
	svg_escape(out, title);
	fprintf(out, "</title>\n");
	svg_rect(out, 0, 0, w, h, "fill=\"#ffffff\"", NULL);
}

int svg_end(FILE *out)
{
	fprintf(out, "</svg>\n");
	if (fflush(out) || ferror(out))
		return -1;
	return 0;
}

/* XML 1.0 refuses most controls and U+FFFE, U+FFFF; tab and newlines go too. */
static bool keep_char(uint32_t cp)
{
	return !safe_text_is_control(cp) && cp != 0xfffe && cp != 0xffff;
}

/*
 * The next character of @s that is kept: its length in *@len, or 0 at the
 * end; *@skip bytes before it are dropped.
 */
static size_t next_char(const char *s, size_t *skip)
{
	uint32_t cp;
	int n;

	for (*skip = 0; s[*skip]; (*skip)++) {
		n = safe_text_decode(s + *skip, &cp);
		if (n > 0 && keep_char(cp))
			return (size_t)n;
		if (n > 1)
			*skip += (size_t)n - 1;
	}
	return 0;
}

static void put_char(FILE *out, const char *c, size_t len)
{
	switch (*c) {
	case '&':
		fputs("&amp;", out);
		return;
	case '<':
		fputs("&lt;", out);
		return;
	case '>':
		fputs("&gt;", out);
		return;
	case '"':
		fputs("&quot;", out);
		return;
	case '\'':
		fputs("&apos;", out);
		return;
	}
	fwrite(c, 1, len, out);
}

void svg_escape(FILE *out, const char *s)
{
	size_t len, skip;

	if (!s)
		return;
	while ((len = next_char(s, &skip))) {
		put_char(out, s + skip, len);
		s += skip + len;
	}
}

void svg_clip(char *dst, size_t size, const char *s, size_t max)
{
	size_t len, skip, at = 0, n = 0;

	if (!size)
		return;
	while (s && (len = next_char(s, &skip))) {
		if (n == max || at + len + 4 > size) {
			snprintf(dst + at, size - at, "%s", at + 4 <= size ? "..." : "");
			return;
		}
		memcpy(dst + at, s + skip, len);
		at += len;
		n++;
		s += skip + len;
	}
	dst[at] = '\0';
}

void svg_text(FILE *out, double x, double y, const char *attrs, const char *fmt, ...)
{
	char *text = NULL;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, *attrs ? " " : "", attrs);
	if (n >= 0)
		svg_escape(out, text);
	fputs("</text>\n", out);
	free(text);
}

void svg_rect(FILE *out, double x, double y, double w, double h, const char *attrs,
	      const char *tip)
{
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" %s",
		x, y, w > 0 ? w : 0, h > 0 ? h : 0, attrs);
	if (!tip) {
		fputs("/>\n", out);
		return;
	}
	fputs("><title>", out);
	svg_escape(out, tip);
	fputs("</title></rect>\n", out);
}

void svg_line(FILE *out, double x1, double y1, double x2, double y2, const char *attrs)
{
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n",
		x1, y1, x2, y2, attrs);
}

void svg_group_begin(FILE *out, const char *attrs)
{
	fprintf(out, "<g%s%s>\n", *attrs ? " " : "", attrs);
}

void svg_group_end(FILE *out)
{
	fputs("</g>\n", out);
}

void svg_count_label(uint64_t v, char *buf, size_t len)
{
	static const char suffix[] = { '\0', 'k', 'M', 'G', 'T', 'P', 'E' };
	int i = 0;

	while (v >= 1000 && v % 1000 == 0 && i < 6) {
		v /= 1000;
		i++;
	}
	snprintf(buf, len, "%llu%.1s", (unsigned long long)v, i ? &suffix[i] : "");
}

void svg_number(double v, char *buf, size_t len)
{
	if (fabs(v) >= 1e7 && fmod(v, 1e6) == 0)
		snprintf(buf, len, "%.6gM", v / 1e6);
	else if (fabs(v) >= 1e4 && fmod(v, 1e3) == 0)
		snprintf(buf, len, "%.6gk", v / 1e3);
	else
		snprintf(buf, len, "%.6g", v);
}

double svg_nice_step(double range, int max_ticks)
{
	static const double steps[] = { 1, 2, 5 };
	double p, step;
	size_t i;

	if (!(range > 0) || max_ticks < 1)
		return 1;
	for (p = pow(10, floor(log10(range / max_ticks))); ; p *= 10) {
		for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
			step = steps[i] * p;
			if (range / step <= max_ticks)
				return step;
		}
	}
}

double svg_text_width(size_t len, double font_px)
{
	return (double)len * font_px * 0.6;
}
