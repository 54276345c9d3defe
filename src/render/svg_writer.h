/* SPDX-License-Identifier: GPL-2.0 */
/*
 * svg_writer - the pieces the plots are drawn with: the document, text,
 * rectangles and lines, and the numbers of their axes. Every string is
 * written XML-escaped (& < > " ') with the bytes that are not printable
 * UTF-8 dropped, so text from a report or the command line cannot break the
 * document. Attribute strings (@attrs) are the caller's own literals and are
 * written as they are. Write errors show in ferror(out).
 *
 * Private to render/ (svg_plot.c, svg_plot_merge.c, svg_panel.c).
 */
#ifndef RTLENS_SVG_WRITER_H
#define RTLENS_SVG_WRITER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The document: an <svg> of @w x @h pixels, white, with a <title>. */
void svg_begin(FILE *out, double w, double h, const char *title);
/* Close the document and flush: 0, or -1 when a write failed. */
int svg_end(FILE *out);

/* @s (NULL: nothing) as XML character data or attribute text. */
void svg_escape(FILE *out, const char *s);
/* @s cut to at most @max characters ("..." at the end when cut), into @dst. */
void svg_clip(char *dst, size_t size, const char *s, size_t max);

/* <text x y @attrs>printf(@fmt)</text>, escaped */
void svg_text(FILE *out, double x, double y, const char *attrs, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* <rect> with @attrs; @tip (NULL: none) is its tooltip (<title>) */
void svg_rect(FILE *out, double x, double y, double w, double h, const char *attrs,
	      const char *tip);
void svg_line(FILE *out, double x1, double y1, double x2, double y2, const char *attrs);
/* <g @attrs> ... </g> */
void svg_group_begin(FILE *out, const char *attrs);
void svg_group_end(FILE *out);

/* A count for an axis: 1, 10, 100, 1k, 10k, 1M, 1G... */
void svg_count_label(uint64_t v, char *buf, size_t len);
/* A number as short as it reads: 2, 2.5, 0.25, 20k (20000), 30M (30000000) */
void svg_number(double v, char *buf, size_t len);
/* A tick step of 1, 2 or 5 times a power of ten: at most @max_ticks over @range. */
double svg_nice_step(double range, int max_ticks);
/* A width in pixels that a text of @len characters of @font_px takes, roughly. */
double svg_text_width(size_t len, double font_px);

#endif
