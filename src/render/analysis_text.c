// SPDX-License-Identifier: GPL-2.0
/*
 * analysis_text - after the table: the tool's analysis (tool_render.analysis),
 * then what every tool adds: a KVM host's vCPU threads, the setup's notes,
 * how the samples came, whether the machine is a guest, the guest-host join,
 * and last --tail's estimates
 */
#include <inttypes.h>
#include <string.h>

#include "render/render.h"
#include "render/tuning_render.h"
#include "render/wrap_text.h"
#include "base/safe_text.h"

/*
 * a tool that counts hardware noise only (not timerlat); the hypervisor's
 * name may come from /sys/hypervisor/type
 */
static void guest_note(FILE *out, const struct virt_info *v, int cols)
{
	char name[SAFE_TEXT_SIZE(sizeof(v->hypervisor))];
	char source[SAFE_TEXT_SIZE(sizeof(v->source))];

	safe_text(name, sizeof(name), v->hypervisor);
	safe_text(source, sizeof(source), v->source);
	render_wrapf(out, cols, "note: running as a guest of %s (found by %s): part of what looks "
		     "like hardware noise is the hypervisor\n", name, source);
}

/*
 * how the samples came: counted in the kernel, or why they were not; with
 * the analysis' notes only, so that a table alone keeps rtla's layout
 */
static void data_path_note(FILE *out, const struct rtl_params *p, const struct run_view *v)
{
	if (!v->data_path || !v->data_path_detail || !params_analysis_on(p))
		return;
	if (!strcmp(v->data_path, "bpf"))
		render_wrapf(out, v->wrap_cols, "note: samples counted in the kernel by BPF (%s)\n",
			     v->data_path_detail);
	else
		render_wrapf(out, v->wrap_cols,
			     "note: samples read one by one through tracefs: %s\n",
			     v->data_path_detail);
}

void render_analysis(FILE *out, const struct run_models *m, const struct rtl_params *p,
		     const struct run_view *v)
{
	const struct tool_render *r = tool_render_of(p);
	struct setup_notes notes;

	if (r->notes_off && r->notes_off(p))
		return;
	if (r->analysis)
		r->analysis(out, m, p, v);
	/* --aa-only prints the analysis of a threshold hit (and --aa's), nothing else */
	if (p->aa_only && v->reason != STOP_THRESHOLD)
		return;
	render_vcpu_threads(out, m, p);
	setup_notes_collect(&notes, m, p);
	render_setup_notes(out, &notes, v->wrap_cols);
	data_path_note(out, p, v);
	if (p->engine == ENGINE_OWN)
		render_wrapf(out, v->wrap_cols, "note: user engine: measured by rtlens's own "
			     "threads (rtlens-%s/N), causes from the standard tracepoints\n",
			     p->desc->self_tag);
	if (m->facts && m->facts->virt.guest && p->desc->hw_noise)
		guest_note(out, &m->facts->virt, v->wrap_cols);
	render_vm_join(out, m, p, v);
	if (r->unit)
		render_tail(out, m, p, v, r->unit(p));
}
