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
#include "cli/opt_parse.h"
#include "render/tuning_render.h"
#include "source/machine/machine.h"

struct check_opts {
	const char	*cpus;
	const char	*json;
	bool		quiet;		/* only the verdict line */
};

#define CHECK	CMD_BIT(CMD_CHECK)

static const struct opt_desc check_opts[] = {
	{ .name = "cpus", .short_name = 'c', .arg_name = "CPUS", .cmds = CHECK,
	  .help = "the CPUs to judge (default: the isolated ones, else all)",
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

static int write_json(const char *path, const struct tuning *t, const struct sys_facts *f,
		      int status)
{
	struct outfile o;

	if (outfile_open(&o, path, "the check's JSON"))
		return -1;
	if (render_check_json(o.f, t, f, status)) {
		err_msg("cannot write the check's JSON to %s", path);
		outfile_abort(&o);
		return -1;
	}
	return outfile_commit(&o, "the check's JSON");
}

static int run_check(const struct check_opts *o, int nr_cpus)
{
	struct cpu_mask cpus = { 0 };
	struct sys_facts facts;
	bool json_on_stdout = o->json && !strcmp(o->json, "-");
	struct tuning *t;
	int status = 1;

	memset(&facts, 0, sizeof(facts));
	if (o->cpus && parse_cpus(&cpus, o->cpus, nr_cpus))
		return 1;
	if (machine_gather(&facts, nr_cpus) ||
	    machine_gather_tuning(&facts, o->cpus ? &cpus : NULL, TUNING_SAMPLE_TICK)) {
		err_msg("out of memory");
		goto out;
	}
	t = facts.tuning;
	tuning_judge(t);
	status = tuning_breaks(t) ? 2 : 0;
	/* with --json -, stdout is the JSON's */
	if (o->quiet && !json_on_stdout)
		render_check_verdict(stdout, t, status);
	else if (!json_on_stdout)
		render_check_text(stdout, t, &facts, status);
	if (o->json && write_json(o->json, t, &facts, status))
		status = 1;
	if (outfile_check_stdout())
		status = 1;
out:
	machine_free(&facts);
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
