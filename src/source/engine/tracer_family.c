// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_family - what osnoise and timerlat share: the osnoise/ settings
 * both tracers read (their cpus, stop thresholds and workload option) and
 * the interference events. Each tracer's own is in its NAME_tracer.c.
 */
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "source/engine/instance.h"
#include "source/engine/tracer_family.h"

/*
 * The tracer's own threads (OSNOISE_WORKLOAD), or none for timerlat -u,
 * whose threads are rtlens's (NO_OSNOISE_WORKLOAD); written only where
 * it changes.
 */
static int set_workload_option(const struct rtl_params *p, struct sys_state *st)
{
	char *opts = sysstate_read_options();
	int ret = 0;

	/* the file lists NO_OSNOISE_WORKLOAD when the option is off */
	if (opts && !strstr(opts, "NO_OSNOISE_WORKLOAD") != !p->user_threads)
		ret = sysstate_write_option(st, "OSNOISE_WORKLOAD", !p->user_threads);
	free(opts);
	return ret;
}

int tracer_family_globals(const struct rtl_params *p, struct sys_state *st)
{
	char *cpus = cpu_mask_list(&p->cpus);
	int ret;

	if (!cpus) {
		err_msg("out of memory");
		return -1;
	}
	ret = sysstate_write(st, "osnoise/cpus", cpus);
	free(cpus);
	if (ret || sysstate_write_u64(st, "osnoise/stop_tracing_us", p->stop_us) ||
	    sysstate_write_u64(st, "osnoise/stop_tracing_total_us", p->stop_total_us) ||
	    set_workload_option(p, st))
		return -1;
	return 0;
}

int tracer_family_noise_events(const struct rtl_params *p, struct tracefs_instance *inst)
{
	static const char *const noise[] = { "nmi_noise", "irq_noise", "softirq_noise",
					     "thread_noise" };
	size_t i;

	for (i = 0; params_trace_analysis(p) && i < sizeof(noise) / sizeof(noise[0]); i++)
		if (instance_enable_event(inst, "osnoise", noise[i]))
			return -1;
	return 0;
}
