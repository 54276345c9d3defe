// SPDX-License-Identifier: GPL-2.0
/*
 * setup_notes_render - the sources the setup explains, after the analysis
 * (text) and as the report's "setup_notes" (JSON)
 *
 * The text has one line per fix: a finding that explains one source says
 * why in its words; one that explains many names the CPUs and the sources
 * it covers, once. The JSON keeps one note per CPU and source.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/timerlat_aa.h"
#include "base/safe_text.h"
#include "render/json_writer.h"
#include "render/tuning_render.h"
#include "render/wrap_text.h"

/* an IRQ is moved at run time; the rest takes a kernel parameter, if any */
static const char *fix_of(const struct finding *f)
{
	if (f->irq >= 0 && f->fix_runtime[0])
		return f->fix_runtime;
	if (f->fix_cmdline[0])
		return f->fix_cmdline;
	return f->fix_runtime[0] ? f->fix_runtime : NULL;
}

#define GROUP_NAMES	8	/* sources named on a line, then "and N more" */

/* "cpu 1", "cpus 0-2,5" */
static void print_cpus(FILE *out, const struct setup_group *g)
{
	int i, first;

	fprintf(out, "cpu%s ", g->nr_cpus > 1 ? "s" : "");
	for (i = 0; i < g->nr_cpus; i++) {
		first = g->cpu[i];
		while (i + 1 < g->nr_cpus && g->cpu[i + 1] == g->cpu[i] + 1)
			i++;
		fprintf(out, "%s%d", first == g->cpu[0] ? "" : ",", first);
		if (g->cpu[i] != first)
			fprintf(out, "-%d", g->cpu[i]);
	}
}

/* the note at g->note[i] names a source an earlier one did (on another CPU) */
static bool named_before(const struct setup_notes *s, const struct setup_group *g, int i)
{
	const struct setup_note *n = &s->notes[g->note[i]], *e;
	int j;

	for (j = 0; j < i; j++) {
		e = &s->notes[g->note[j]];
		if (e->kind == n->kind && !strcmp(e->name, n->name))
			return true;
	}
	return false;
}

/* "thread a, b, irq c and 3 more": each source once, its kind when it changes */
static void print_sources(FILE *out, const struct setup_notes *s, const struct setup_group *g)
{
	char name[SAFE_TEXT_SIZE(NOISE_NAME_LEN)];
	int i, shown = 0, more = 0, kind = -1;

	for (i = 0; i < g->nr; i++) {
		const struct setup_note *n = &s->notes[g->note[i]];

		if (named_before(s, g, i))
			continue;
		if (shown == GROUP_NAMES) {
			more++;
			continue;
		}
		safe_text(name, sizeof(name), n->name);
		fprintf(out, "%s", shown++ ? ", " : "");
		if ((int)n->kind != kind)
			fprintf(out, "%s ", noise_kind_name(n->kind));
		fprintf(out, "%s", name);
		kind = n->kind;
	}
	if (more)
		fprintf(out, " and %d more", more);
}

static void print_group(FILE *out, const struct setup_notes *s, const struct setup_group *g)
{
	const struct setup_note *n = &s->notes[g->note[0]];
	const char *fix = fix_of(g->finding);

	fprintf(out, "setup: ");
	print_cpus(out, g);
	fprintf(out, "%s", g->nr == 1 ? " " : ": ");
	print_sources(out, s, g);
	fprintf(out, ": %s%s%s (rtlens check)\n", g->nr == 1 ? n->note : setup_group_reason(g),
		fix ? "; fix: " : "", fix ? fix : "");
}

/* the line of a group, wrapped at @cols */
static void wrap_group(FILE *out, const struct setup_notes *s, const struct setup_group *g,
		       int cols)
{
	char *line = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&line, &len);

	if (!mem)
		return;
	print_group(mem, s, g);
	if (!fclose(mem))
		render_wrap(out, line, cols);
	free(line);
}

void render_setup_notes(FILE *out, const struct setup_notes *s, int cols)
{
	struct setup_groups groups;
	int i;

	setup_notes_group(s, &groups);
	for (i = 0; i < groups.n; i++) {
		if (cols > 0)
			wrap_group(out, s, &groups.groups[i], cols);
		else
			print_group(out, s, &groups.groups[i]);
	}
}

void json_setup_notes(struct json_writer *w, const struct setup_notes *s)
{
	int i;

	json_begin_array(w, "setup_notes");
	for (i = 0; i < s->n; i++) {
		const struct setup_note *n = &s->notes[i];

		json_begin_object(w, NULL);
		json_u64(w, "cpu", n->cpu);
		json_string(w, "kind", noise_kind_name(n->kind));
		json_string(w, "name", n->name);
		json_string(w, "finding", n->finding->id);
		json_string(w, "status", finding_status_name(n->finding->status));
		json_string(w, "note", n->note);
		json_string(w, "fix", fix_of(n->finding));
		json_end_object(w);
	}
	json_end_array(w);
}
