// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_hwlatdetect - rtlens called as hwlatdetect (a symlink), or rtlens
 * hwlatdetect: rt-tests' script of that name, over rtlens's hwlat. Its
 * options (--duration --threshold --hardlimit --window --width --cpu-list
 * --report --debug --quiet --watch), its output and its exit status: 0,
 * or 1 when a sample passed the hard limit (the threshold unless given);
 * a refused option exits 2, as the script's argument parser does. What the
 * script leaves to the kernel's files, rtlens sets to the kernel's
 * defaults: a 10 us threshold; the settings are restored at the end.
 */
#include <string.h>
#include <unistd.h>

#include "base/log.h"
#include "base/tool_hwlat.h"
#include "cli/commands.h"
#include "cli/opt_parse.h"
#include "cli/option_setters.h"
#include "session/run.h"

#define HWLATDETECT		CMD_BIT(CMD_HWLATDETECT)
#define DEFAULT_DURATION_S	120	/* the script's two minutes */
#define DEFAULT_THRESHOLD_US	10	/* the tracer's when tracing_thresh is 0 */
#define USAGE_STATUS		2	/* argparse's */

/* "10", "10s", "5m", "2h", "1d", "1w" (the script's <n>{smhdw}) */
static int set_duration(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;
	size_t len = strlen(arg);
	char days[32];
	uint64_t weeks;

	if (len < 2 || len >= sizeof(days) || arg[len - 1] != 'w')
		return parse_duration(arg, &p->duration_s, why);
	memcpy(days, arg, len - 1);
	days[len - 1] = '\0';
	if (parse_u64(days, &weeks, why))
		return -1;
	snprintf(days, sizeof(days), "%llud", (unsigned long long)weeks * 7);
	return parse_duration(days, &p->duration_s, why);
}

/* the script's microseconds: a plain number is us; "us", "ms", "s" suffixes */
static int parse_us(const char *arg, uint64_t *us, const char **why)
{
	uint64_t ns;

	if (!parse_u64(arg, us, NULL))
		return 0;
	if (parse_time_ns(arg, &ns, why))
		return -1;
	if (ns % 1000) {
		*why = "a time in whole microseconds: N, Nus, Nms or Ns";
		return -1;
	}
	*us = ns / 1000;
	return 0;
}

static int positive_us(const char *arg, uint64_t *us, const char *what, const char **why)
{
	if (parse_us(arg, us, why))
		return -1;
	if (!*us) {
		*why = what;
		return -1;
	}
	return 0;
}

static int set_threshold(void *ctx, const char *arg, const char **why)
{
	return positive_us(arg, &((struct rtl_params *)ctx)->threshold_us,
			   "the threshold must be at least 1 us", why);
}

static int set_hardlimit(void *ctx, const char *arg, const char **why)
{
	return parse_us(arg, &((struct rtl_params *)ctx)->fail_over_us, why);
}

static int set_window(void *ctx, const char *arg, const char **why)
{
	return positive_us(arg, &((struct rtl_params *)ctx)->period_us,
			   "the window must be at least 1 us", why);
}

static int set_width(void *ctx, const char *arg, const char **why)
{
	return positive_us(arg, &((struct rtl_params *)ctx)->runtime_us,
			   "the width must be at least 1 us", why);
}

#define P	struct rtl_params

static const struct opt_desc hwlatdetect_opts[] = {
	{ .name = "duration", .arg_name = "<n>{smhdw}", .cmds = HWLATDETECT,
	  .help = "total time to test for hardware latency (default: 120 s)",
	  OPT_CALL(ARG_REQUIRED, set_duration) },
	{ .name = "threshold", .arg_name = "us", .cmds = HWLATDETECT,
	  .help = "value above which is considered an hardware latency (default: 10 us)",
	  OPT_CALL(ARG_REQUIRED, set_threshold) },
	{ .name = "hardlimit", .arg_name = "us", .cmds = HWLATDETECT,
	  .help = "value above which the test is considered to fail (default: the threshold)",
	  OPT_CALL(ARG_REQUIRED, set_hardlimit) },
	{ .name = "window", .arg_name = "us", .cmds = HWLATDETECT,
	  .help = "time between samples (the kernel's: 1 s); a window below the width halves "
		  "the width", OPT_CALL(ARG_REQUIRED, set_window) },
	{ .name = "width", .arg_name = "us", .cmds = HWLATDETECT,
	  .help = "time to actually measure (the kernel's: 0.5 s); a width over the window "
		  "doubles the window", OPT_CALL(ARG_REQUIRED, set_width) },
	{ .name = "report", .arg_name = "file", .cmds = HWLATDETECT,
	  .help = "filename for sample data", .empty = "the report's file name is empty",
	  OPT_PATH_FIELD(P, samples_path) },
	{ .name = "cpu-list", .arg_name = "cpu-list", .cmds = HWLATDETECT,
	  .help = "the CPUs for hwlat thread to move across", OPT_CALL(ARG_REQUIRED, opts_set_cpus) },
	{ .name = "debug", .cmds = HWLATDETECT, .help = "turn on debugging prints",
	  OPT_FLAG(P, debug) },
	{ .name = "quiet", .cmds = HWLATDETECT, .help = "turn off all screen output but the samples",
	  OPT_FLAG(P, quiet) },
	{ .name = "watch", .cmds = HWLATDETECT, .help = "print sample data to stdout as it arrives",
	  OPT_FLAG(P, watch) },
};

const struct opt_table hwlatdetect_table = {
	.opts		= hwlatdetect_opts,
	.nr_opts	= sizeof(hwlatdetect_opts) / sizeof(hwlatdetect_opts[0]),
	.exit_status	= "0 no sample over the hard limit; 1 one was, or error; 2 usage",
};

static int prepare(struct rtl_params *p)
{
	long nr_cpus = sysconf(_SC_NPROCESSORS_CONF);

	params_init_tool(p, &tool_hwlatdetect, MODE_HIST, "hwlatdetect", nr_cpus > 0 ? nr_cpus : 1);
	if (cpu_mask_init(&p->cpus, p->nr_cpus) || cpu_mask_init(&p->hk_cpus, p->nr_cpus)) {
		err_msg("out of memory");
		return -1;
	}
	p->duration_s = DEFAULT_DURATION_S;
	return 0;
}

int hwlatdetect_main(const struct command *cmd, int argc, char **argv)
{
	struct rtl_params p;
	int status = 1;

	log_set_prefix("hwlatdetect");
	if (prepare(&p))
		goto out;
	switch (opt_parse(cmd, &hwlatdetect_table, &p, argc, argv)) {
	case OPTS_OK:
		break;
	case OPTS_HELP:
		status = fflush(stdout) ? 1 : 0;
		goto out;
	case OPTS_ERROR:
		status = USAGE_STATUS;
		goto out;
	}
	log_set_debug(p.debug);
	if (!p.threshold_us)
		p.threshold_us = DEFAULT_THRESHOLD_US;
	if (!p.fail_over_us)
		p.fail_over_us = p.threshold_us;
	if (!p.cpus_set)
		cpu_mask_fill(&p.cpus);
	status = run_session(&p);
out:
	params_free(&p);
	return status;
}
