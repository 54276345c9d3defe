// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_compare - rtlens compare A.json B.json [--json FILE|-]: two reports of
 * one tool side by side (analysis/compare.h), as text on standard output
 * and, with --json, as a JSON comparison (Documentation/json-compare.md)
 *
 * Nothing is written before both reports are read and found comparable:
 * a refused comparison leaves the --json file as it was.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "analysis/compare.h"
#include "base/log.h"
#include "base/outfile.h"
#include "cli/commands.h"
#include "cli/opt_parse.h"
#include "render/compare_render.h"
#include "source/reports/reports.h"

#define JSON_WHAT	"JSON comparison"

struct compare_args {
	const char	*path[2];
	int		nr_paths;
	const char		*json;
	size_t			nr_gates;
	struct cmp_gate_rule	gates[CMP_MAX_GATES];
};

static int take_report(void *ctx, const char *arg, const char **why)
{
	struct compare_args *a = ctx;

	if (a->nr_paths == 2) {
		*why = "compare takes two reports";
		return -1;
	}
	a->path[a->nr_paths++] = arg;
	return 0;
}

static int add_gate(void *ctx, const char *arg, const char **why)
{
	struct compare_args *a = ctx;

	if (a->nr_gates == CMP_MAX_GATES) {
		*why = "at most 8 gates";
		return -1;
	}
	if (compare_gate_parse(arg, &a->gates[a->nr_gates], why))
		return -1;
	a->nr_gates++;
	return 0;
}

#define COMPARE	CMD_BIT(CMD_COMPARE)

static const struct opt_desc compare_opts[] = {
	{ .name = "json", .arg_name = "file", .cmds = COMPARE,
	  .help = "write the comparison as JSON to file (- for stdout, then no text)",
	  OPT_PATH_FIELD(struct compare_args, json) },
	{ .name = "fail-if-worse", .arg_name = "metric[:margin]", .cmds = COMPARE,
	  .help = "exit 2 when B is worse than A by more than margin on metric,\n"
		  "\t\toverall or on a CPU (noise, max, p99.9, p99, p50, avg, or a JSON key;\n"
		  "\t\tmargin +5% of A's, +10us, +0.5pp; none: the verdict's); repeatable",
	  OPT_CALL(ARG_REQUIRED, add_gate) },
};

const struct opt_table compare_table = {
	.opts		= compare_opts,
	.nr_opts	= sizeof(compare_opts) / sizeof(compare_opts[0]),
	.synopsis	= "A.json B.json [--json FILE|-] [--fail-if-worse METRIC[:MARGIN]]...",
	.operands	= "\t  A.json B.json: reports of osnoise top/hist or hwnoise, or of timerlat\n"
			  "\t\ttop/hist, written with --json; A is the reference, B the run compared\n",
	.exit_status	= "0 the comparison was made (and every gate passed), 1 error,\n"
			  "\t\t2 a gate failed: B is worse than A by more than its margin",
	.operand	= take_report,
};

static enum opts_result parse_args(const struct command *cmd, struct compare_args *a, int argc,
				   char **argv)
{
	enum opts_result ret = opt_parse(cmd, &compare_table, a, argc, argv);

	if (ret != OPTS_OK)
		return ret;
	if (a->nr_paths < 2)
		return opt_usage_error(cmd, &compare_table,
				       "two reports are needed: rtlens compare A.json B.json");
	return OPTS_OK;
}

static int emit(const struct compare_args *args, const struct comparison *c)
{
	struct outfile json = { 0 };

	if (args->json && outfile_open(&json, args->json, JSON_WHAT))
		return -1;
	if (json.f != stdout)
		render_compare_text(stdout, c);
	if (json.f && outfile_finish(&json, JSON_WHAT, render_compare_json(json.f, c)))
		return -1;
	return outfile_check_stdout();
}

int compare_main(const struct command *cmd, int argc, char **argv)
{
	struct compare_args args = { 0 };
	struct report_data a, b;
	struct comparison c;
	enum opts_result parsed = parse_args(cmd, &args, argc, argv);
	int ret = 1, bad;

	if (parsed == OPTS_HELP)
		return outfile_check_stdout() ? 1 : 0;
	if (parsed != OPTS_OK)
		return 1;
	/* both read, so that the messages name every file that is wrong */
	bad = report_file_load(&a, args.path[0]);
	bad |= report_file_load(&b, args.path[1]);
	if (!bad && !compare_check(&a, &b) && !compare_reports(&c, &a, &b)) {
		if (!args.nr_gates || !compare_gate(&c, args.gates, args.nr_gates))
			ret = emit(&args, &c) ? 1 : c.gate.failed ? 2 : 0;
		comparison_free(&c);
	}
	report_data_free(&a);
	report_data_free(&b);
	return ret;
}
