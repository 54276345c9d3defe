// SPDX-License-Identifier: GPL-2.0
/*
 * instance - rtlens's private tracefs instances: what both engines share
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "base/actions.h"
#include "base/cpulist.h"
#include "decode/decode.h"
#include "source/engine/formats.h"
#include "source/engine/instance.h"
#include "source/engine/page_reader.h"
#include "base/log.h"

#define POLL_BUDGET_NS		200000000LL

bool list_has(char **list, const char *word)
{
	for (; list && *list; list++)
		if (!strcmp(*list, word))
			return true;
	return false;
}

static int check_event(char **systems, const struct event_spec *ev)
{
	char *shown __shown = log_arg(ev->system), **events;
	int ret = 0;

	if (!list_has(systems, ev->system)) {
		err_msg("unknown event system '%s': see %s/available_events", shown,
			tracefs_tracing_dir());
		return -1;
	}
	if (!ev->event)
		return 0;
	events = tracefs_system_events(NULL, ev->system);
	if (!list_has(events, ev->event)) {
		char *shown_ev __shown = log_arg(ev->event);

		err_msg("unknown event '%s:%s': see %s/available_events", shown, shown_ev,
			tracefs_tracing_dir());
		ret = -1;
	}
	tracefs_list_free(events);
	return ret;
}

int instance_check_events(const struct rtl_params *p)
{
	char **systems = tracefs_event_systems(NULL);
	int i, ret = 0;

	for (i = 0; i < p->nr_events && !ret; i++)
		ret = check_event(systems, &p->events[i]);
	tracefs_list_free(systems);
	return ret;
}

struct tracefs_instance *instance_make(struct sys_state *st, const char *suffix,
				       uint64_t buffer_kb)
{
	struct tracefs_instance *inst;
	char name[64];

	snprintf(name, sizeof(name), "rtlens-%d%s", (int)getpid(), suffix);
	if (sysstate_add_instance(st, name))
		return NULL;
	debug_msg("creating tracefs instance %s", name);
	inst = tracefs_instance_create(name);
	if (!inst) {
		err_msg("cannot create tracefs instance %s: %s", name, strerror(errno));
		return NULL;
	}
	tracefs_trace_off(inst);
	if (buffer_kb && tracefs_instance_set_buffer_size(inst, buffer_kb, -1)) {
		err_msg("cannot set the trace buffer size to %llu kB: %s",
			(unsigned long long)buffer_kb, strerror(errno));
		tracefs_instance_free(inst);
		return NULL;
	}
	return inst;
}

int instance_enable_event_on(struct tracefs_instance *inst, const char *sys, const char *ev,
			     const struct cpu_mask *cpus)
{
	char filter[4096] = "";

	if (cpus && (cpu_mask_format_filter(cpus, filter, sizeof(filter)) < 0 ||
		     tracefs_event_file_write(inst, sys, ev, "filter", filter) < 0))
		return -1;
	return tracefs_event_enable(inst, sys, ev);
}

int instance_enable_event(struct tracefs_instance *inst, const char *sys, const char *ev)
{
	if (!tracefs_event_enable(inst, sys, ev))
		return 0;
	err_msg("cannot enable event %s%s%s: %s", sys, ev ? ":" : "", ev ? ev : "",
		strerror(errno));
	return -1;
}

/*
 * Why the kernel refused a filter or a trigger: a filter file read back
 * after a bad write shows "parse_error: ..." under a caret; a trigger's
 * complaint goes to the instance's error_log. NULL when neither says.
 */
static char *kernel_complaint(struct tracefs_instance *inst, const struct event_spec *ev,
			      const char *file)
{
	char *text = NULL, *line, *why = NULL, path[512];

	/* a system's own file: libtracefs reads an event's only */
	snprintf(path, sizeof(path), "events/%s%s%s/%s", ev->system, ev->event ? "/" : "",
		 ev->event ? ev->event : "", file);
	text = tracefs_instance_file_read(inst, path, NULL);
	line = text ? strstr(text, "parse_error: ") : NULL;
	if (line) {
		line[strcspn(line, "\n")] = '\0';
		why = strdup(line + strlen("parse_error: "));
	}
	free(text);
	if (!why && !strcmp(file, "trigger")) {
		why = tracefs_error_last(inst);
		if (why)
			why[strcspn(why, "\n")] = '\0';
	}
	return why;
}

static int event_attr(struct tracefs_instance *inst, const struct event_spec *ev,
		      const char *file, const char *value)
{
	char *shown __shown = NULL, *why;
	int saved;

	if (!value)
		return 0;
	tracefs_error_clear(inst);
	if (tracefs_event_file_write(inst, ev->system, ev->event, file, value) >= 0)
		return 0;
	saved = errno;
	why = kernel_complaint(inst, ev, file);
	/* what the kernel answers a system's filter that fits none of its events */
	if (!why && saved == ENOENT && !strcmp(file, "filter"))
		why = strdup("the kernel found no event it fits (a field it names is missing, "
			     "or its syntax is wrong)");
	shown = log_arg(value);
	err_msg("cannot set the %s '%s' on %s%s%s: %s (see the kernel's events documentation)",
		file, shown, ev->system, ev->event ? ":" : "",
		ev->event ? ev->event : "", why ? why : strerror(saved));
	free(why);
	return -1;
}

int instance_enable_user_events(const struct rtl_params *p, struct tracefs_instance *inst)
{
	int i;

	for (i = 0; i < p->nr_events; i++) {
		const struct event_spec *ev = &p->events[i];

		if (instance_enable_event(inst, ev->system, ev->event) ||
		    event_attr(inst, ev, "filter", ev->filter) ||
		    event_attr(inst, ev, "trigger", ev->trigger))
			return -1;
	}
	return 0;
}

static int instance_read(struct instance_reader *r)
{
	r->budget_hit = false;
	if (!r->pages && !(r->pages = page_reader_open(r->inst, r->tep)))
		return -1;
	page_reader_tee(r->pages, r->tee, r->tee_ctx);
	return page_reader_read(r->pages, r->fn, r->ctx, POLL_BUDGET_NS, &r->budget_hit) < 0 ? -1 : 0;
}

bool instances_trace_wanted(const struct rtl_params *p)
{
	return p->trace_output || action_list_has(p->on_threshold, ACTION_TRACE) ||
	       action_list_has(p->on_end, ACTION_TRACE);
}

int instances_load(struct instances *in, const char **systems, unsigned int sets)
{
	in->tep = formats_load(systems, sets & DECODE_KVM, sets & DECODE_KVM_VCPU);
	if (!in->tep)
		return -1;
	in->decoder = decoder_new(in->tep, sets);
	if (!in->decoder)
		return -1;
	decoder_set_symbols(in->decoder, formats_load_kallsyms, formats_late_symbol);
	return 0;
}

static int reader_run(struct instance_reader *r, struct tep_handle *tep,
		      struct tracefs_instance *inst, raw_event_fn fn, void *ctx)
{
	r->tep = tep;
	r->inst = inst;
	r->fn = fn;
	r->ctx = ctx;
	return instance_read(r);
}

int instances_read(struct instances *in, raw_event_fn fn, void *ctx)
{
	return reader_run(&in->reader, in->tep, in->inst, fn, ctx);
}

int instances_read_aa(struct instances *in, raw_event_fn fn, void *ctx)
{
	if (!in->aa_inst)
		return 0;
	return reader_run(&in->aa_reader, in->tep, in->aa_inst, fn, ctx);
}

int instances_read_window(struct instances *in, raw_event_fn fn, void *ctx)
{
	do {
		if (instances_read_aa(in, fn, ctx))
			return -1;
	} while (in->aa_reader.budget_hit);
	return 0;
}

bool instances_have_more(const struct instances *in)
{
	return in->reader.budget_hit || (in->aa_streamed && in->aa_reader.budget_hit);
}

int instances_next_read_ms(const struct instances *in, int longest_ms)
{
	int ms = page_reader_next_read_ms(in->reader.pages, longest_ms);

	if (in->aa_streamed)
		ms = page_reader_next_read_ms(in->aa_reader.pages, ms);
	return ms;
}

void instances_set_tracing(struct instances *in, bool on)
{
	int (*set)(struct tracefs_instance *) = on ? tracefs_trace_on : tracefs_trace_off;

	if (in->trace_inst)
		set(in->trace_inst);
	if (in->aa_inst)
		set(in->aa_inst);
	set(in->inst);
}

void instances_free(struct instances *in)
{
	page_reader_close(in->reader.pages);
	page_reader_close(in->aa_reader.pages);
	decoder_free(in->decoder);
	tep_free(in->tep);
	tracefs_instance_free(in->inst);
	tracefs_instance_free(in->trace_inst);
	tracefs_instance_free(in->aa_inst);
	memset(in, 0, sizeof(*in));
}

static uint64_t stat_value(const char *stats, const char *key)
{
	const char *at = strstr(stats, key);

	return at ? strtoull(at + strlen(key), NULL, 10) : 0;
}

uint64_t instance_cpu_lost_events(struct tracefs_instance *inst, int cpu)
{
	char file[64], *stats;
	uint64_t lost;

	snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
	stats = tracefs_instance_file_read(inst, file, NULL);
	if (!stats)
		return 0;
	lost = stat_value(stats, "overrun:") + stat_value(stats, "dropped events:");
	free(stats);
	return lost;
}

uint64_t instance_lost_events(struct tracefs_instance *inst, int nr_cpus)
{
	uint64_t lost = 0;
	int cpu;

	for (cpu = 0; cpu < nr_cpus; cpu++)
		lost += instance_cpu_lost_events(inst, cpu);
	return lost;
}

char *instance_trace_text(struct tracefs_instance *inst)
{
	if (!inst) {
		errno = ENOENT;
		return NULL;
	}
	return tracefs_instance_file_read(inst, "trace", NULL);
}
