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
#include "cli/commands.h"
#include "cli/opt_parse.h"
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

static int set_report(void *ctx, const char *arg, const char **why)
{
	if (!*arg) {
		*why = "the report's file name is empty";
		return -1;
	}
	((struct rtl_params *)ctx)->samples_path = arg;
	return 0;
}

static int set_cpu_list(void *ctx, const char *arg, const char **why)
{
	struct rtl_params *p = ctx;

	if (cpu_mask_parse(&p->cpus, arg, why))
		return -1;
	p->cpus_set = true;
	return 0;
}

static int set_debug(void *ctx, const char *arg, const char **why)
{
	(void)why;
	if (arg)
		return -1;
	((struct rtl_params *)ctx)->debug = true;
	log_set_debug(true);
	return 0;
}

OPT_DEFINE_FLAG_SETTER(set_quiet, struct rtl_params, quiet)
OPT_DEFINE_FLAG_SETTER(set_watch, struct rtl_params, watch)

static const struct opt_desc hwlatdetect_opts[] = {
	{ "duration", 0, ARG_REQUIRED, "<n>{smhdw}",
	  "total time to test for hardware latency (default: 120 s)", HWLATDETECT, set_duration },
	{ "threshold", 0, ARG_REQUIRED, "us",
	  "value above which is considered an hardware latency (default: 10 us)", HWLATDETECT,
	  set_threshold },
	{ "hardlimit", 0, ARG_REQUIRED, "us",
	  "value above which the test is considered to fail (default: the threshold)",
	  HWLATDETECT, set_hardlimit },
	{ "window", 0, ARG_REQUIRED, "us",
	  "time between samples (the kernel's: 1 s); a window below the width halves the width",
	  HWLATDETECT, set_window },
	{ "width", 0, ARG_REQUIRED, "us",
	  "time to actually measure (the kernel's: 0.5 s); a width over the window doubles "
	  "the window", HWLATDETECT, set_width },
	{ "report", 0, ARG_FILE, "file", "filename for sample data", HWLATDETECT, set_report },
	{ "cpu-list", 0, ARG_REQUIRED, "cpu-list", "the CPUs for hwlat thread to move across",
	  HWLATDETECT, set_cpu_list },
	{ "debug", 0, ARG_NONE, NULL, "turn on debugging prints", HWLATDETECT, set_debug },
	{ "quiet", 0, ARG_NONE, NULL, "turn off all screen output but the samples", HWLATDETECT,
	  set_quiet },
	{ "watch", 0, ARG_NONE, NULL, "print sample data to stdout as it arrives", HWLATDETECT,
	  set_watch },
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
