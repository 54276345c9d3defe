// SPDX-License-Identifier: GPL-2.0
/*
 * check - `rtlens check [-c CPUS] [--json FILE|-]`: is the system set up
 * for low latency on the CPUs to measure? Measures nothing, changes
 * nothing; exit 0 when nothing breaks their isolation, 2 when a finding
 * does, 1 on error.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analysis/tuning_judge.h"
#include "base/cpulist.h"
#include "base/log.h"
#include "base/outfile.h"
#include "cli/commands.h"
#include "render/tuning_render.h"
#include "source/machine/machine.h"

struct check_opts {
	const char	*cpus;
	const char	*json;
	bool		quiet;		/* only the verdict line */
};

static void check_usage(FILE *out)
{
	fprintf(out,
		"rtlens check (version %s): is the system set up for low latency?\n\n"
		"  usage: rtlens check [-c CPUS] [--json FILE|-] [-q]\n\n"
		"	  -c/--cpus CPUS: the CPUs to judge (default: the isolated ones, else all)\n"
		"	  --json FILE: also write the findings as JSON (\"-\": stdout, no text)\n"
		"	  -q/--quiet: print only the verdict line\n"
		"	  -h/--help: this help\n\n"
		"  exit status: 0 nothing breaks the isolation of the CPUs, 2 a finding does, 1 error\n",
		RTLENS_VERSION);
}

/* 0 run, 1 error, -1 help shown */
static int parse_args(struct check_opts *o, int argc, char **argv)
{
	static const struct option longs[] = {
		{ "cpus", required_argument, NULL, 'c' },
		{ "json", required_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char shown[LOG_ARG_BUF];
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":c:qh", longs, NULL)) != -1) {
		switch (c) {
		case 'c':
			o->cpus = optarg;
			break;
		case 'j':
			o->json = optarg;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'h':
			check_usage(stdout);
			return -1;
		case ':':
			err_msg("option '%s' needs a value; see 'rtlens check --help'",
				log_arg(argv[optind - 1], shown));
			return 1;
		default:
			err_msg("unknown option '%s'; see 'rtlens check --help'",
				log_arg(argv[optind - 1], shown));
			return 1;
		}
	}
	if (optind < argc) {
		err_msg("unexpected argument '%s': check takes options only; see 'rtlens check --help'",
			log_arg(argv[optind], shown));
		return 1;
	}
	return 0;
}

static int parse_cpus(struct cpu_mask *m, const char *cpus, int nr_cpus)
{
	char shown[LOG_ARG_BUF];
	const char *why;

	if (cpu_mask_init(m, nr_cpus))
		return -1;
	if (!cpu_mask_parse(m, cpus, &why))
		return 0;
	err_msg("invalid -c '%s': %s (this machine has CPUs 0-%d)", log_arg(cpus, shown), why,
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

int check_main(int argc, char **argv)
{
	struct check_opts o = { 0 };
	long nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	int ret = parse_args(&o, argc, argv);

	if (ret)
		return ret < 0 ? 0 : 1;
	return run_check(&o, nr_cpus > 0 ? nr_cpus : 1);
}
