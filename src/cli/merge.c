// SPDX-License-Identifier: GPL-2.0
/*
 * merge - rtlens merge REPORT.json... [--json FILE|-] [--phase LIST]
 * [--plot FILE.svg]: many nodes' (or runs') reports of one tool together
 * (analysis/merge.h), as text on standard output, with --json as a JSON
 * document (Documentation/json-merge.md), with --plot as a picture
 *
 * Nothing is written before every report is read and found mergeable: a
 * refused merge leaves the --json and --plot files as they were.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/merge.h"
#include "base/log.h"
#include "base/outfile.h"
#include "base/parse.h"
#include "cli/cli_args.h"
#include "cli/commands.h"
#include "render/merge.h"
#include "render/svg_plot.h"
#include "source/reports/reports.h"

#define JSON_WHAT	"JSON merge"
#define PLOT_WHAT	"SVG plot"
#define PHASE_TOKEN_MAX	64

struct merge_args {
	size_t		nr_paths;
	const char	**path;
	const char	*json;
	const char	*plot;
	size_t		nr_phases;
	double		phase_us[MERGE_MAX_PHASES];
};

static void usage(FILE *out)
{
	fprintf(out,
		"rtlens merge: many nodes' JSON reports of one tool together (version %s)\n\n"
		"  usage: rtlens merge REPORT.json... [--json FILE|-] [--phase LIST] "
		"[--plot FILE.svg]\n\n"
		"\t  REPORT.json: reports of osnoise top/hist or hwnoise, or of timerlat\n"
		"\t\ttop/hist, written with --json, one per node (or run)\n"
		"\t  -h/--help: print this menu\n"
		"\t     --json file: write the merge as JSON to file (- for stdout, then no text)\n"
		"\t     --phase list: the phase lengths of the projected slowdown (osnoise),\n"
		"\t\tsuch as 50us,2ms (plain numbers are us; default 100us,1ms,10ms,100ms)\n"
		"\t     --plot file.svg: draw the nodes side by side in an SVG picture\n\n"
		"  exit status: 0 the reports were merged, 1 error\n",
		RTLENS_VERSION);
}

#define usage_error(...)	cli_usage_error("merge", __VA_ARGS__)

/* ---- --phase ---- */

static enum args_result bad_phase(const char *list, const char *why)
{
	char shown[LOG_ARG_BUF];

	return usage_error("invalid --phase value '%s': %s (a list of phase lengths such as "
			   "100us,1ms,10ms: each 1 us to 10 s, at most %d)", log_arg(list, shown),
			   why, MERGE_MAX_PHASES);
}

/* "50us", "2ms", "1s", "100" (us) */
static int parse_phase(const char *tok, size_t len, double *us, const char **why)
{
	char buf[PHASE_TOKEN_MAX + 3];
	uint64_t ns;

	if (!len) {
		*why = "a phase length is empty";
		return -1;
	}
	if (len > PHASE_TOKEN_MAX) {
		*why = "a phase length is too long";
		return -1;
	}
	memcpy(buf, tok, len);
	buf[len] = '\0';
	if (buf[len - 1] >= '0' && buf[len - 1] <= '9')
		strcat(buf, "us");
	if (parse_time_ns(buf, &ns, why))
		return -1;
	*us = (double)ns / 1000;
	if (*us < MERGE_PHASE_MIN_US || *us > MERGE_PHASE_MAX_US) {
		*why = *us < MERGE_PHASE_MIN_US ? "a phase is shorter than 1 us" :
		       "a phase is longer than 10 s";
		return -1;
	}
	return 0;
}

static enum args_result take_phases(struct merge_args *a, const char *list)
{
	const char *tok = list, *why = NULL;

	a->nr_phases = 0;
	for (;;) {
		const char *comma = strchr(tok, ',');
		size_t len = comma ? (size_t)(comma - tok) : strlen(tok);
		double us;

		if (a->nr_phases == MERGE_MAX_PHASES)
			return bad_phase(list, "too many phases");
		if (parse_phase(tok, len, &us, &why))
			return bad_phase(list, why);
		a->phase_us[a->nr_phases++] = us;
		if (!comma)
			return ARGS_OK;
		tok = comma + 1;
	}
}

/* ---- the arguments ---- */

/* --NAME VALUE or --NAME=VALUE: the value, *i moved past it; NULL if not this option */
static const char *option_value(int argc, char **argv, int *i, const char *name, bool *missing)
{
	const char *arg = argv[*i];
	size_t len = strlen(name);

	if (strncmp(arg, name, len))
		return NULL;
	if (arg[len] == '=')
		return arg + len + 1;
	if (arg[len])
		return NULL;
	if (*i + 1 < argc)
		return argv[++*i];
	*missing = true;
	return NULL;
}

static enum args_result take_option(struct merge_args *a, int argc, char **argv, int *i)
{
	char shown[LOG_ARG_BUF];
	bool missing = false;
	const char *v;

	if ((v = option_value(argc, argv, i, "--json", &missing)))
		a->json = v;
	else if ((v = option_value(argc, argv, i, "--plot", &missing)))
		a->plot = v;
	else if ((v = option_value(argc, argv, i, "--phase", &missing)))
		return take_phases(a, v);
	else if (missing)
		return usage_error("option '%s' needs a value", log_arg(argv[*i], shown));
	else
		return usage_error("unknown option '%s'", log_arg(argv[*i], shown));
	return ARGS_OK;
}

static enum args_result check_args(const struct merge_args *a)
{
	if (!a->nr_paths)
		return usage_error("no report to merge: rtlens merge REPORT.json... (one per "
				   "node)");
	if (a->json && !*a->json)
		return usage_error("invalid --json value '': the file name is empty");
	if (a->plot && !*a->plot)
		return usage_error("invalid --plot value '': the file name is empty");
	if (a->json && a->plot && !strcmp(a->json, "-") && !strcmp(a->plot, "-"))
		return usage_error("--json - and --plot - both want standard output: name a file "
				   "for one of them");
	return ARGS_OK;
}

static enum args_result parse_args(struct merge_args *a, int argc, char **argv)
{
	bool options = true;
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		enum args_result r;

		if (!options || arg[0] != '-' || !arg[1]) {
			a->path[a->nr_paths++] = arg;
		} else if (!strcmp(arg, "--")) {
			options = false;
		} else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			return ARGS_HELP;
		} else if ((r = take_option(a, argc, argv, &i)) != ARGS_OK) {
			return r;
		}
	}
	return check_args(a);
}

/* ---- the output ---- */

static int finish(struct outfile *o, const char *path, const char *what, int written)
{
	char shown[LOG_ARG_BUF];

	if (!o->f)
		return 0;
	if (!written)
		return outfile_commit(o, what);
	err_msg("cannot write the %s to %s: %s", what, log_arg(path, shown), strerror(errno));
	outfile_abort(o);
	return -1;
}

static int emit(const struct merge_args *args, const struct merge *m,
		const struct report_data *r)
{
	struct outfile json = { 0 }, plot = { 0 };
	int ret;

	if (args->json && outfile_open(&json, args->json, JSON_WHAT))
		return -1;
	if (args->plot && outfile_open(&plot, args->plot, PLOT_WHAT)) {
		if (json.f)
			outfile_abort(&json);
		return -1;
	}
	if (json.f != stdout && plot.f != stdout)
		render_merge_text(stdout, m);
	ret = finish(&json, args->json, JSON_WHAT, json.f ? render_merge_json(json.f, m) : 0);
	if (ret && plot.f)
		outfile_abort(&plot);
	else
		ret = finish(&plot, args->plot, PLOT_WHAT,
			     plot.f ? svg_plot_merge(plot.f, r, args->nr_paths) : 0);
	return ret || outfile_check_stdout() ? -1 : 0;
}

/* every report read, so that the messages name every file that is wrong */
static int load_all(struct report_data *r, const struct merge_args *args)
{
	int bad = 0;
	size_t i;

	for (i = 0; i < args->nr_paths; i++)
		bad |= report_file_load(&r[i], args->path[i]);
	return bad ? -1 : 0;
}

static int run(const struct merge_args *args)
{
	struct report_data *r = calloc(args->nr_paths, sizeof(*r));
	struct merge m;
	int ret = 1;
	size_t i;

	if (!r) {
		err_msg("out of memory");
		return 1;
	}
	if (!load_all(r, args) && !merge_check(r, args->nr_paths) &&
	    !merge_reports(&m, r, args->nr_paths, args->phase_us, args->nr_phases)) {
		ret = emit(args, &m, r) ? 1 : 0;
		merge_free(&m);
	}
	for (i = 0; i < args->nr_paths; i++)
		report_data_free(&r[i]);
	free(r);
	return ret;
}

int merge_main(int argc, char **argv)
{
	struct merge_args args = { 0 };
	enum args_result parsed;
	int ret;

	args.path = calloc(argc > 0 ? argc : 1, sizeof(*args.path));
	if (!args.path) {
		err_msg("out of memory");
		return 1;
	}
	args.nr_phases = sizeof(merge_default_phases) / sizeof(merge_default_phases[0]);
	memcpy(args.phase_us, merge_default_phases, sizeof(merge_default_phases));
	parsed = parse_args(&args, argc, argv);
	if (parsed == ARGS_HELP) {
		usage(stdout);
		ret = outfile_check_stdout() ? 1 : 0;
	} else {
		ret = parsed == ARGS_OK ? run(&args) : 1;
	}
	free(args.path);
	return ret;
}
