// SPDX-License-Identifier: GPL-2.0
/*
 * params - the configuration of one run: defaults, queries, freeing
 */
#include <stdlib.h>
#include <string.h>

#include "base/actions.h"
#include "base/log.h"
#include "base/params.h"

static void set_desc(struct rtl_params *p, const struct tool_desc *desc)
{
	p->desc = desc;
	p->tool = desc->tool;
	p->hwnoise = desc->irqs_off;
}

void params_init_tool(struct rtl_params *p, const struct tool_desc *desc, enum rtl_mode mode,
		      const char *command, int nr_cpus)
{
	memset(p, 0, sizeof(*p));
	set_desc(p, desc);
	p->mode = mode;
	p->command = command;
	p->nr_cpus = nr_cpus;
	p->bucket_size = 1;
	p->entries = 256;
	p->dma_latency_us = -1;
	p->deepest_idle = -1;
	p->aligned_us = -1;
}

void params_init(struct rtl_params *p, enum rtl_tool tool, enum rtl_mode mode,
		 const char *command, int nr_cpus)
{
	params_init_tool(p, tool_desc_of(tool), mode, command, nr_cpus);
}

void params_set_hwnoise(struct rtl_params *p)
{
	set_desc(p, &tool_hwnoise);
}

const char *const stack_format_names[NR_STACK_FORMATS] = {
	[STACK_TRUNCATE] = "truncate", [STACK_SKIP] = "skip", [STACK_FULL] = "full",
};

bool params_analysis_on(const struct rtl_params *p)
{
	if (p->no_aa)
		return false;
	if (p->desc->aa_default)
		return true;
	return p->aa || p->aa_top || p->stop_us || p->stop_total_us;
}

bool params_trace_analysis(const struct rtl_params *p)
{
	if (!params_analysis_on(p))
		return false;
	return !p->desc->aa_at_threshold || p->aa || p->stop_us || p->stop_total_us;
}

bool params_whole_run_analysis(const struct rtl_params *p)
{
	return params_trace_analysis(p) && (p->aa || p->live_screen);
}

bool params_trace_samples(const struct rtl_params *p)
{
	return p->desc->per_sample[p->mode] || params_analysis_on(p) || p->tail;
}

int params_check_runtime(uint64_t runtime_us, uint64_t period_us)
{
	if (runtime_us <= period_us)
		return 0;
	err_msg("runtime %llu us is longer than period %llu us: the runtime must fit in the period",
		(unsigned long long)runtime_us, (unsigned long long)period_us);
	return -1;
}

unsigned int params_divisor(const struct rtl_params *p)
{
	return p->nano ? 1 : 1000;
}

void params_free(struct rtl_params *p)
{
	int i;

	for (i = 0; i < p->nr_events; i++) {
		free(p->events[i].system);
		free(p->events[i].event);
		free(p->events[i].filter);
		free(p->events[i].trigger);
	}
	free(p->events);
	free(p->cgroup_name);
	free(p->cpus_file);
	p->cpus_file = NULL;
	free(p->vm_tids);
	p->vm_tids = NULL;
	p->nr_vm_tids = 0;
	action_list_free(p->on_threshold);
	action_list_free(p->on_end);
	p->on_threshold = NULL;
	p->on_end = NULL;
	cpu_mask_free(&p->cpus);
	cpu_mask_free(&p->hk_cpus);
	p->events = NULL;
	p->nr_events = 0;
}
