// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_merge - rtlens merge REPORT.json... [--json FILE|-] [--phase LIST]
 * [--plot FILE.svg]: many nodes' (or runs') reports of one tool together
 * (analysis/merge.h), as text on standard output, with --json as a JSON
 * document (Documentation/json-merge.md), with --plot as a picture
 *
 * Nothing is written before every report is read and found mergeable: a
 * refused merge leaves the --json and --plot files as they were.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/merge.h"
#include "base/log.h"
#include "base/outfile.h"
#include "base/parse.h"
#include "cli/commands.h"
#include "cli/opt_parse.h"
#include "render/merge_render.h"
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

/* ---- --phase ---- */

/* @why, then what a list of phases is */
static int bad_phase(const char *why, const char **said)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s (a list of phase lengths such as 100us,1ms,10ms: each "
		 "1 us to 10 s, at most %d)", why, MERGE_MAX_PHASES);
	*said = buf;
	return -1;
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

static int set_phases(void *ctx, const char *list, const char **said)
{
	struct merge_args *a = ctx;
	const char *tok = list, *why = NULL;

	a->nr_phases = 0;
	for (;;) {
		const char *comma = strchr(tok, ',');
		size_t len = comma ? (size_t)(comma - tok) : strlen(tok);
		double us;

		if (a->nr_phases == MERGE_MAX_PHASES)
			return bad_phase("too many phases", said);
		if (parse_phase(tok, len, &us, &why))
			return bad_phase(why, said);
		a->phase_us[a->nr_phases++] = us;
		if (!comma)
			return 0;
		tok = comma + 1;
	}
}

/* ---- the arguments ---- */

static int take_report(void *ctx, const char *arg, const char **why)
{
	struct merge_args *a = ctx;

	(void)why;
	a->path[a->nr_paths++] = arg;
	return 0;
}

#define MERGE	CMD_BIT(CMD_MERGE)

static const struct opt_desc merge_opts[] = {
	{ .name = "json", .arg_name = "file", .cmds = MERGE,
	  .help = "write the merge as JSON to file (- for stdout, then no text)",
	  OPT_PATH_FIELD(struct merge_args, json) },
	{ .name = "phase", .arg_name = "list", .cmds = MERGE,
	  .help = "the phase lengths of the projected slowdown (osnoise),\n"
		  "\t\tsuch as 50us,2ms (plain numbers are us; default 100us,1ms,10ms,100ms)",
	  OPT_CALL(ARG_REQUIRED, set_phases) },
	{ .name = "plot", .arg_name = "file.svg", .cmds = MERGE,
	  .help = "draw the nodes side by side in an SVG picture",
	  OPT_PATH_FIELD(struct merge_args, plot) },
};

const struct opt_table merge_table = {
	.opts		= merge_opts,
	.nr_opts	= sizeof(merge_opts) / sizeof(merge_opts[0]),
	.synopsis	= "REPORT.json... [--json FILE|-] [--phase LIST] [--plot FILE.svg]",
	.operands	= "\t  REPORT.json: reports of osnoise top/hist or hwnoise, or of timerlat\n"
			  "\t\ttop/hist, written with --json, one per node (or run)\n",
	.exit_status	= "0 the reports were merged, 1 error",
	.operand	= take_report,
};

#define usage_error(...)	opt_usage_error(cmd, &merge_table, __VA_ARGS__)

static enum opts_result check_args(const struct command *cmd, const struct merge_args *a)
{
	if (!a->nr_paths)
		return usage_error("no report to merge: rtlens merge REPORT.json... (one per "
				   "node)");
	if (a->json && a->plot && !strcmp(a->json, "-") && !strcmp(a->plot, "-"))
		return usage_error("--json - and --plot - both want standard output: name a file "
				   "for one of them");
	return OPTS_OK;
}

static enum opts_result parse_args(const struct command *cmd, struct merge_args *a, int argc,
				   char **argv)
{
	enum opts_result ret = opt_parse(cmd, &merge_table, a, argc, argv);

	return ret == OPTS_OK ? check_args(cmd, a) : ret;
}

/* ---- the output ---- */

/* Nothing to do when @o was not opened. */
static int finish(struct outfile *o, const char *what, int failed)
{
	return o->f ? outfile_finish(o, what, failed) : 0;
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
	ret = finish(&json, JSON_WHAT, json.f ? render_merge_json(json.f, m) : 0);
	if (ret && plot.f)
		outfile_abort(&plot);
	else
		ret = finish(&plot, PLOT_WHAT,
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

int merge_main(const struct command *cmd, int argc, char **argv)
{
	struct merge_args args = { 0 };
	enum opts_result parsed;
	int ret;

	args.path = calloc(argc > 0 ? argc : 1, sizeof(*args.path));
	if (!args.path) {
		err_msg("out of memory");
		return 1;
	}
	args.nr_phases = sizeof(merge_default_phases) / sizeof(merge_default_phases[0]);
	memcpy(args.phase_us, merge_default_phases, sizeof(merge_default_phases));
	parsed = parse_args(cmd, &args, argc, argv);
	if (parsed == OPTS_HELP)
		ret = outfile_check_stdout() ? 1 : 0;
	else
		ret = parsed == OPTS_OK ? run(&args) : 1;
	free(args.path);
	return ret;
}
