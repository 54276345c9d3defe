// SPDX-License-Identifier: GPL-2.0
/*
 * setup_notes_render - the sources the setup explains, after the analysis
 * (text) and as the report's "setup_notes" (JSON)
 */
#include <stdio.h>

#include "analysis/timerlat_aa.h"
#include "base/safe_text.h"
#include "render/json_writer.h"
#include "render/tuning_render.h"

/* an IRQ is moved at run time; the rest takes a kernel parameter, if any */
static const char *fix_of(const struct finding *f)
{
	if (f->irq >= 0 && f->fix_runtime[0])
		return f->fix_runtime;
	if (f->fix_cmdline[0])
		return f->fix_cmdline;
	return f->fix_runtime[0] ? f->fix_runtime : NULL;
}

void render_setup_notes(FILE *out, const struct setup_notes *s)
{
	char name[SAFE_TEXT_SIZE(NOISE_NAME_LEN)];
	const char *fix;
	int i;

	for (i = 0; i < s->n; i++) {
		const struct setup_note *n = &s->notes[i];

		safe_text(name, sizeof(name), n->name);
		fix = fix_of(n->finding);
		fprintf(out, "setup: cpu %d %s %s: %s%s%s (rtlens check)\n", n->cpu,
			noise_kind_name(n->kind), name, n->note, fix ? "; fix: " : "", fix ? fix : "");
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
