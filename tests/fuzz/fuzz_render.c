// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_render - the text tables, the analyses and the JSON report, fed with
 * the names a hostile system can choose: thread comms, IRQ names, KVM exit
 * reasons, kernel symbols, the hypervisor's name, and the user's own strings
 *
 * Input (struct fuzz_in: missing bytes read as 0):
 *   byte 0        bits 0-1: osnoise top/hist, timerlat top/hist; bit 2: -n;
 *                 bit 3: user engine; bit 4: a guest; bit 5: --aa; bit 6:
 *                 --dump-tasks; bit 7: -u
 *   byte 1, 2     CPUs (1 to 8); --aa-top (bits 0-2: 0 to 7, osnoise), --tail
 *                 (bit 3)
 *   u16, u16      -s and -S (us)
 *   strings       (a length byte, then the bytes) cgroup name, trace file,
 *                 -e system, event, --filter, --trigger
 *   byte          the stop reason (enum stop_reason)
 *   strings       the hypervisor's name, how it was found
 *   records       until the end: a kind byte, a CPU byte, u16 time step, then
 *                 the fields of the kind (see feed_one)
 *
 * Checked: the JSON report is complete, valid UTF-8, and has no control
 * byte other than '\n'; the text has no control byte other than '\n' and
 * no DEL.
 */
#include <signal.h>
#include <stdbool.h>

#include "fuzz.h"
#include "cli/options.h"
#include "cli/option_setters.h"
#include "render/render.h"
#include "analysis/run_models.h"
#include "analysis/timerlat_aa.h"

#define NR_SYMS		4

struct fuzz_strings {
	char	cgroup[64];
	char	trace[64];
	char	system[64];
	char	event[64];
	char	filter[64];
	char	trigger[64];
	char	syms[NR_SYMS][TIMERLAT_AA_SYM_LEN + 16];
};

static void params_setup(struct rtl_params *p, struct fuzz_in *in, struct fuzz_strings *s)
{
	unsigned int flags = fuzz_u8(in), cmd = flags & 3;
	char mode[] = "top", *argv[] = { mode, NULL };
	struct event_spec *ev;
	const char *why;

	/* the first four commands: osnoise and timerlat, top and hist */
	params_init_tool(p, commands[cmd].desc, commands[cmd].mode, commands[cmd].name,
			 1 + fuzz_u8(in) % 8);
	fuzz_assert(options_parse(p, 1, argv) == OPTS_OK);
	p->nano = flags & 4;
	p->engine = flags & 8 ? ENGINE_OWN : ENGINE_KERNEL;
	p->aa = flags & 32 && p->tool == TOOL_OSNOISE;
	p->dump_tasks = flags & 64 && p->tool == TOOL_TIMERLAT;
	p->user_threads = flags & 128 && p->tool == TOOL_TIMERLAT;
	flags = fuzz_u8(in);
	p->aa_top = flags % 8;
	fuzz_assert(!(flags & 8) || !opts_set_tail(p, NULL, &why));
	if (p->tool == TOOL_TIMERLAT)
		p->aa_top = 0;
	p->stop_us = fuzz_uint(in, 2);
	p->stop_total_us = fuzz_uint(in, 2);
	p->cgroup = true;
	p->cgroup_name = strdup(fuzz_str(in, s->cgroup, sizeof(s->cgroup)));
	p->trace_output = fuzz_str(in, s->trace, sizeof(s->trace));
	ev = calloc(1, sizeof(*ev));
	fuzz_assert(ev && p->cgroup_name);
	p->events = ev;
	p->nr_events = 1;
	ev->system = strdup(fuzz_str(in, s->system, sizeof(s->system)));
	ev->event = strdup(fuzz_str(in, s->event, sizeof(s->event)));
	ev->filter = strdup(fuzz_str(in, s->filter, sizeof(s->filter)));
	ev->trigger = strdup(fuzz_str(in, s->trigger, sizeof(s->trigger)));
}

static void virt_setup(struct virt_info *v, struct fuzz_in *in, bool guest)
{
	v->guest = guest;
	fuzz_str(in, v->hypervisor, sizeof(v->hypervisor));
	fuzz_str(in, v->source, sizeof(v->source));
}

static void feed_stack(struct stack_trace *st, struct fuzz_in *in, struct fuzz_strings *s)
{
	int i;

	for (i = 0; i < NR_SYMS; i++)
		fuzz_str(in, s->syms[i], sizeof(s->syms[i]));
	st->depth = fuzz_u8(in) % (STACK_MAX_DEPTH + 1);
	for (i = 0; i < st->depth; i++) {
		st->ip[i] = 0xffffffff81000000ULL + fuzz_uint(in, 2);
		st->sym[i] = i % (NR_SYMS + 1) < NR_SYMS ? s->syms[i % (NR_SYMS + 1)] : NULL;
	}
}

static void feed_noise(struct noise_event *e, struct fuzz_in *in)
{
	e->kind = fuzz_u8(in) % 4;
	e->start_ns = e->ts - fuzz_uint(in, 3);
	e->duration_ns = fuzz_uint(in, 3);
	e->vector = fuzz_uint(in, 2);
	e->pid = fuzz_uint(in, 2);
	fuzz_str(in, e->name, sizeof(e->name));
}

/* a context edge of a KVM host's CPU: hostile names, any kind */
static void feed_edge(struct ctx_edge *e, struct fuzz_in *in)
{
	e->kind = fuzz_u8(in) % (CTX_WAKEUP + 1);
	e->vector = fuzz_u8(in);
	e->prev_pid = fuzz_uint(in, 2);
	e->next_pid = fuzz_uint(in, 2);
	e->prev_state = fuzz_u8(in) % 2 ? 0x100 : 0x1;
	fuzz_str(in, e->name, sizeof(e->name));
	fuzz_str(in, e->prev_comm, sizeof(e->prev_comm));
	fuzz_str(in, e->next_comm, sizeof(e->next_comm));
}

/* One record of a kind the models and the analyses take. */
static void feed_one(struct rtl_record *r, struct fuzz_in *in, struct fuzz_strings *s)
{
	switch (r->kind) {
	case RECORD_OSNOISE_PERIOD:
		r->period.runtime_us = fuzz_uint(in, 3);
		r->period.noise_us = fuzz_uint(in, 2);
		r->period.max_sample_us = fuzz_uint(in, 2);
		r->period.irq_count = fuzz_u8(in);
		r->period.thread_count = fuzz_u8(in);
		break;
	case RECORD_NOISE_SAMPLE:
		r->sample.start_ns = r->sample.ts - fuzz_uint(in, 3);
		r->sample.duration_ns = fuzz_uint(in, 3);
		r->sample.interference = fuzz_u8(in);
		break;
	case RECORD_TIMERLAT:
		r->timerlat.seqnum = fuzz_u8(in);
		r->timerlat.context = fuzz_u8(in) % 3;
		r->timerlat.latency_ns = fuzz_uint(in, 3);
		break;
	case RECORD_NOISE_EVENT:
		feed_noise(&r->noise, in);
		break;
	case RECORD_STACK:
		feed_stack(&r->stack, in, s);
		break;
	case RECORD_KVM:
		r->kvm.pid = fuzz_uint(in, 2);
		r->kvm.vcpu_id = fuzz_u8(in);
		r->kvm.kind = fuzz_u8(in) % (KVM_EDGE_USERSPACE + 1);
		fuzz_str(in, r->kvm.reason, sizeof(r->kvm.reason));
		break;
	case RECORD_CTX:	/* a KVM host's vCPU threads */
		feed_edge(&r->edge, in);
		break;
	default:
		break;
	}
}

static const enum record_kind kinds[] = {
	RECORD_OSNOISE_PERIOD, RECORD_NOISE_SAMPLE, RECORD_TIMERLAT, RECORD_NOISE_EVENT,
	RECORD_STACK, RECORD_KVM, RECORD_CTX,
};

static void feed(struct run_models *m, const struct rtl_params *p, struct fuzz_in *in,
		 struct fuzz_strings *s)
{
	uint64_t ts = 1000000000ULL;
	struct rtl_record r;

	while (in->left) {
		memset(&r, 0, sizeof(r));
		r.kind = kinds[fuzz_u8(in) % (sizeof(kinds) / sizeof(kinds[0]))];
		r.period.cpu = fuzz_u8(in) % (p->nr_cpus + 1);
		ts += fuzz_uint(in, 2);
		r.period.ts = ts;
		feed_one(&r, in, s);
		run_models_add(m, &r);
	}
}

/* The end of a run: the threshold's CPU, and the analyses of it. */
static void finish(struct run_models *m, const struct rtl_params *p, struct run_view *v)
{
	bool total;
	int cpu = run_models_threshold_cpu(m, p, &total);

	run_models_flush(m);
	v->threshold_cpu = cpu;
	v->threshold_kind = total ? THRESHOLD_TOTAL : THRESHOLD_SINGLE;
	run_models_explain(m, p, cpu);
}

static void check_text(const struct run_models *m, const struct rtl_params *p,
		       const struct run_view *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	fuzz_assert(out);
	render_screen(out, m, p, v);
	render_analysis(out, m, p, v);
	fuzz_assert(!fclose(out));
	if (getenv("FUZZ_SHOW")) {
		FILE *f = fopen(getenv("FUZZ_SHOW"), "w");

		fwrite(buf, 1, len, f);
		fclose(f);
	}
	fuzz_assert(fuzz_printable((unsigned char *)buf, len));
	free(buf);
}

static void check_json(const struct run_models *m, const struct rtl_params *p,
		       const struct run_view *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	int ret;

	fuzz_assert(out);
	ret = render_json(out, m, p, v);
	fuzz_assert(!fclose(out));
	fuzz_assert(ret == 0);
	fuzz_assert(fuzz_printable((unsigned char *)buf, len));
	fuzz_assert(fuzz_utf8_valid((unsigned char *)buf, len));
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	struct fuzz_strings *s = calloc(1, sizeof(*s));
	struct run_view v = { .elapsed_s = 10, .started = 1700000000, .signal = SIGTERM };
	struct sys_facts facts = { .kernel_release = "6.1.0-rt", .hostname = "fuzz" };
	struct rtl_params p;
	struct run_models m;
	bool guest = size && data[0] & 16;

	fuzz_assert(s);
	params_setup(&p, &in, s);
	v.reason = fuzz_u8(&in);
	v.reason %= STOP_ERROR + 1;
	virt_setup(&facts.virt, &in, guest);
	fuzz_assert(!run_models_init(&m, &p, &facts));
	feed(&m, &p, &in, s);
	finish(&m, &p, &v);
	check_text(&m, &p, &v);
	check_json(&m, &p, &v);
	run_models_free(&m);
	params_free(&p);
	free(s);
	return 0;
}
