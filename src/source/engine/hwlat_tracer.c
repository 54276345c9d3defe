// SPDX-License-Identifier: GPL-2.0
/*
 * hwlat_tracer - the kernel engine's hwlat: hwlat_detector/window, width
 * and mode, and tracing_thresh, through the system room (saved, restored);
 * the CPUs are the tracing_cpumask of rtlens's instance, where the tracer
 * runs. The tracer never stops itself: -s is rtlens's (user_stop).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/tool_hwlat.h"
#include "decode/decode.h"
#include "source/engine/kernel_tracer.h"

#define WIDTH_FILE	"hwlat_detector/width"
#define WINDOW_FILE	"hwlat_detector/window"
#define MODE_FILE	"hwlat_detector/mode"

/*
 * The kernel keeps width below the window at every write: the one that
 * grows is written first where it would cross the other's old value.
 */
/*
 * hwlatdetect moves the one not given to fit the one given: a window
 * below the width halves the width; a width over the window doubles it.
 */
static void fit_window_width(const struct rtl_params *p, uint64_t *window, uint64_t *width)
{
	*window = sysstate_read_u64(WINDOW_FILE);
	*width = sysstate_read_u64(WIDTH_FILE);
	if (p->period_us) {
		if (p->period_us < *width)
			*width = p->period_us / 2;
		*window = p->period_us;
	}
	if (p->runtime_us) {
		if (p->runtime_us > *window)
			*window = 2 * p->runtime_us;
		*width = p->runtime_us;
	}
}

static int set_window_width(const struct rtl_params *p, struct sys_state *st)
{
	uint64_t window = p->period_us ? p->period_us : sysstate_read_u64(WINDOW_FILE);
	uint64_t width = p->runtime_us ? p->runtime_us : sysstate_read_u64(WIDTH_FILE);

	if (p->desc == &tool_hwlatdetect)
		fit_window_width(p, &window, &width);
	if (width >= window) {
		err_msg("hwlat's width (%llu us) must be below its window (%llu us): set "
			"--width below --window", (unsigned long long)width,
			(unsigned long long)window);
		return -1;
	}
	if (window > sysstate_read_u64(WINDOW_FILE))
		return sysstate_write_u64(st, WINDOW_FILE, window) ||
		       sysstate_write_u64(st, WIDTH_FILE, width);
	return sysstate_write_u64(st, WIDTH_FILE, width) ||
	       sysstate_write_u64(st, WINDOW_FILE, window);
}

/*
 * mode lists them all, the one in force in brackets: "none [round-robin]
 * per-cpu"; kernels before 5.14 have no mode file. The name in force is
 * what is saved, the one form that writes back; saved even without
 * --mode, as the kernel may change it itself (7.3-rt's round-robin thread
 * falls back to none while it runs).
 */
static int set_mode(const struct rtl_params *p, struct sys_state *st)
{
	char *modes = sysstate_read_text(MODE_FILE);
	char *lb = modes ? strchr(modes, '[') : NULL;
	char *rb = lb ? strchr(lb, ']') : NULL;
	int ret = -1;

	if (p->hwlat_mode && (!rb || !strstr(modes, p->hwlat_mode))) {
		err_msg("hwlat mode %s: this kernel has no such mode (%s lists them; "
			"Linux 5.14 brought none, round-robin and per-cpu): leave --mode out",
			p->hwlat_mode, MODE_FILE);
		goto out;
	}
	ret = 0;
	if (!rb)		/* no mode file: nothing to save */
		goto out;
	*rb = '\0';
	ret = sysstate_save_value(st, MODE_FILE, lb + 1, RESTORE_VALUE);
	if (!ret && p->hwlat_mode)
		ret = sysstate_write(st, MODE_FILE, p->hwlat_mode);
out:
	free(modes);
	return ret;
}

static int hwlat_globals(const struct rtl_params *p, struct sys_state *st)
{
	if (set_window_width(p, st) || set_mode(p, st) ||
	    (p->threshold_us && sysstate_write_u64(st, "tracing_thresh", p->threshold_us)))
		return -1;
	return 0;
}

/* the instance is rtlens's own, removed at the end: its mask needs no saving */
static int hwlat_instance(const struct rtl_params *p, struct tracefs_instance *inst)
{
	char mask[1024];

	if (cpu_mask_format_hex(&p->cpus, mask, sizeof(mask)) < 0) {
		err_msg("too many cpus for tracing_cpumask");
		return -1;
	}
	if (sysstate_instance_write(inst, "tracing_cpumask", mask) < 0) {
		err_msg("cannot set the cpus of hwlat (tracing_cpumask): %s", strerror(errno));
		return -1;
	}
	return 0;
}

static unsigned int hwlat_sets(const struct rtl_params *p)
{
	(void)p;
	return DECODE_HWLAT;
}

/* the tracer writes its own samples: no event to enable */
static int no_events(const struct tracer_view *v, struct tracefs_instance *inst)
{
	(void)v;
	(void)inst;
	return 0;
}

static void hwlat_period(uint64_t *period_us, uint64_t *runtime_us)
{
	*period_us = sysstate_read_u64(WINDOW_FILE);
	*runtime_us = sysstate_read_u64(WIDTH_FILE);
}

const struct tracer_desc hwlat_tracer = {
	.apply_globals		= hwlat_globals,
	.decode_sets		= hwlat_sets,
	.sample_events		= no_events,
	.setup_instance		= hwlat_instance,
	.analysis_events	= no_events,
	.effective_period	= hwlat_period,
	.aa_feed		= AA_FEED_INLINE,
	.user_stop		= true,
};
