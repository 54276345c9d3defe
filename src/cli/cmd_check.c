// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_check - `rtlens check [-c CPUS] [--json FILE|-]`: is the system set up
 * for low latency on the CPUs to measure? Measures nothing, changes
 * nothing; exit 0 when nothing breaks their isolation, 2 when a finding
 * does, 1 on error.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analysis/tuning_judge.h"
#include "base/cpulist.h"
#include "base/log.h"
#include "base/outfile.h"
#include "cli/commands.h"
#include "cli/cpus_default.h"
#include "cli/opt_parse.h"
#include "render/tuning_render.h"
#include "source/machine/machine.h"

#define JSON_WHAT	"check's JSON"

struct check_opts {
	const char	*cpus;
	const char	*json;
	bool		quiet;		/* only the verdict line */
};

#define CHECK	CMD_BIT(CMD_CHECK)

static const struct opt_desc check_opts[] = {
	{ .name = "cpus", .short_name = 'c', .arg_name = "CPUS", .cmds = CHECK,
	  .help = "the CPUs to judge (default: the ones rtlens may run on when not all, "
		  "else the isolated ones, else all)",
	  OPT_STRING_FIELD(struct check_opts, cpus) },
	{ .name = "json", .arg_name = "FILE", .cmds = CHECK,
	  .help = "also write the findings as JSON (\"-\": stdout, no text)",
	  OPT_PATH_FIELD(struct check_opts, json) },
	{ .name = "quiet", .short_name = 'q', .cmds = CHECK, .help = "print only the verdict line",
	  OPT_FLAG(struct check_opts, quiet) },
};

const struct opt_table check_table = {
	.opts		= check_opts,
	.nr_opts	= sizeof(check_opts) / sizeof(check_opts[0]),
	.synopsis	= "[-c CPUS] [--json FILE|-] [-q]",
	.exit_status	= "0 nothing breaks the isolation of the CPUs, 2 a finding does, 1 error",
};

static int parse_cpus(struct cpu_mask *m, const char *cpus, int nr_cpus)
{
	char *shown __shown = NULL;
	const char *why;

	if (cpu_mask_init(m, nr_cpus))
		return -1;
	if (!cpu_mask_parse(m, cpus, &why))
		return 0;
	shown = log_arg(cpus);
	err_msg("invalid -c '%s': %s (this machine has CPUs 0-%d)", shown, why,
		nr_cpus - 1);
	cpu_mask_free(m);
	return -1;
}

/*
 * The text (only the verdict with -q), unless the JSON goes to stdout;
 * then the JSON, to @json opened before the judging. The exit status.
 */
static int emit(const struct check_opts *o, struct outfile *json, const struct tuning *t,
		const struct sys_facts *f, int status)
{
	if (json->f != stdout && o->quiet)
		render_check_verdict(stdout, t, status);
	else if (json->f != stdout)
		render_check_text(stdout, t, f, status);
	if (json->f && outfile_finish(json, JSON_WHAT, render_check_json(json->f, t, f, status)))
		return 1;
	return outfile_check_stdout() ? 1 : status;
}

/*
 * Without -c: the CPUs rtlens may run on when those are not all (@a, said),
 * their reason added to *flags; NULL for tuning_gather()'s default.
 */
static const struct cpu_mask *judged_cpus(const struct allowed_cpus *a, unsigned int *flags)
{
	if (!a->from)
		return NULL;
	*flags |= strcmp(a->from, ALLOWED_FROM_CPUSET) ? TUNING_FOR_AFFINITY : TUNING_FOR_CPUSET;
	return &a->cpus;
}

static int judge(const struct check_opts *o, struct outfile *json, struct cpu_mask *cpus,
		 int nr_cpus)
{
	unsigned int flags = TUNING_SAMPLE_TICK;
	struct allowed_cpus own = { 0 };
	const struct cpu_mask *judged = cpus;
	struct sys_facts facts;
	int status = 1;

	memset(&facts, 0, sizeof(facts));
	if (!o->cpus && cpus_default_read(&own, nr_cpus, "judging")) {
		outfile_abort(json);
		return 1;
	}
	if (!o->cpus)
		judged = judged_cpus(&own, &flags);
	if (machine_gather(&facts, nr_cpus) || machine_gather_tuning(&facts, judged, flags)) {
		err_msg("out of memory");
		outfile_abort(json);
	} else {
		tuning_judge(facts.tuning);
		status = emit(o, json, facts.tuning, &facts, tuning_breaks(facts.tuning) ? 2 : 0);
	}
	machine_free(&facts);
	allowed_cpus_free(&own);
	return status;
}

/* The output file is opened before anything is judged: a bad one is all that is said. */
static int run_check(const struct check_opts *o, int nr_cpus)
{
	struct cpu_mask cpus = { 0 };
	struct outfile json = { 0 };
	int status = 1;

	if (o->cpus && parse_cpus(&cpus, o->cpus, nr_cpus))
		return 1;
	if (!o->json || !outfile_open(&json, o->json, JSON_WHAT))
		status = judge(o, &json, &cpus, nr_cpus);
	cpu_mask_free(&cpus);
	return status;
}

int check_main(const struct command *cmd, int argc, char **argv)
{
	struct check_opts o = { 0 };
	long nr_cpus = sysconf(_SC_NPROCESSORS_CONF);

	switch (opt_parse(cmd, &check_table, &o, argc, argv)) {
	case OPTS_OK:
		return run_check(&o, nr_cpus > 0 ? nr_cpus : 1);
	case OPTS_HELP:
		return 0;
	default:
		return 1;
	}
}
