// SPDX-License-Identifier: GPL-2.0
/*
 * power - /dev/cpu_dma_latency is held open for the whole run (the kernel
 * drops the request when it is closed); idle states deeper than the one
 * asked for are disabled with libcpupower and restored through sysstate
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cpuidle.h>

#include "base/log.h"
#include "source/system/system.h"

#define DMA_LATENCY	"/dev/cpu_dma_latency"

static int hold_dma_latency(struct power_hold *h, int64_t us)
{
	int32_t val = us;

	h->dma_fd = open(DMA_LATENCY, O_RDWR | O_CLOEXEC);
	if (h->dma_fd < 0) {
		err_msg("cannot open %s: %s", DMA_LATENCY, strerror(errno));
		return -1;
	}
	if (write(h->dma_fd, &val, sizeof(val)) != sizeof(val)) {
		err_msg("cannot set %s to %d us: %s", DMA_LATENCY, (int)val, strerror(errno));
		return -1;
	}
	debug_msg("%s held at %d us", DMA_LATENCY, (int)val);
	return 0;
}

static int limit_cpu_idle(unsigned int cpu, unsigned int deepest, struct sys_state *st)
{
	unsigned int n = cpuidle_state_count(cpu), state;

	for (state = deepest + 1; state < n; state++) {
		char name[48], value[16];
		int disabled = cpuidle_is_state_disabled(cpu, state);

		if (disabled < 0)
			continue;	/* the state cannot be disabled */
		snprintf(name, sizeof(name), "cpu%u/state%u", cpu, state);
		snprintf(value, sizeof(value), "%d", disabled);
		if (sysstate_save_value(st, name, value, RESTORE_IDLE))
			return -1;
		if (cpuidle_state_disable(cpu, state, 1)) {
			err_msg("cannot disable idle state %u of cpu %u (needs cpuidle sysfs "
				"write access)", state, cpu);
			return -1;
		}
	}
	return 0;
}

static int limit_idle(const struct rtl_params *p, struct sys_state *st)
{
	int cpu, any = 0;

	for_each_cpu_in(cpu, &p->cpus) {
		any |= cpuidle_state_count(cpu) > 0;
		if (limit_cpu_idle(cpu, p->deepest_idle, st))
			return -1;
	}
	if (!any)
		warn_msg("--deepest-idle-state: the measured cpus have no cpuidle states "
			 "(no cpuidle driver): nothing to limit");
	return 0;
}

int power_hold_start(struct power_hold *h, const struct rtl_params *p, struct sys_state *st)
{
	h->dma_fd = -1;
	if (p->dma_latency_us >= 0 && hold_dma_latency(h, p->dma_latency_us))
		return -1;
	if (p->deepest_idle >= 0 && limit_idle(p, st))
		return -1;
	return 0;
}

void power_hold_stop(struct power_hold *h)
{
	if (h->dma_fd >= 0)
		close(h->dma_fd);
	h->dma_fd = -1;
}
