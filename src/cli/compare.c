// SPDX-License-Identifier: GPL-2.0
/*
 * compare - rtlens compare A.json B.json [--json FILE|-]: two reports of
 * one tool side by side (analysis/compare.h), as text on standard output
 * and, with --json, as a JSON comparison (Documentation/json-compare.md)
 *
 * Nothing is written before both reports are read and found comparable:
 * a refused comparison leaves the --json file as it was.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "analysis/compare.h"
#include "base/log.h"
#include "base/outfile.h"
#include "cli/cli_args.h"
#include "cli/commands.h"
#include "render/compare.h"
#include "source/reports/reports.h"

#define JSON_WHAT	"JSON comparison"

struct compare_args {
	const char	*path[2];
	const char	*json;
};

static void usage(FILE *out)
{
	fprintf(out,
		"rtlens compare: two JSON reports of one tool side by side (version %s)\n\n"
		"  usage: rtlens compare A.json B.json [--json FILE|-]\n\n"
		"\t  A.json B.json: reports of osnoise top/hist or hwnoise, or of timerlat\n"
		"\t\ttop/hist, written with --json; A is the reference, B the run compared\n"
		"\t  -h/--help: print this menu\n"
		"\t     --json file: write the comparison as JSON to file (- for stdout, then "
		"no text)\n\n"
		"  exit status: 0 the comparison was made (whichever run is better), 1 error\n",
		RTLENS_VERSION);
}

#define usage_error(...)	cli_usage_error("compare", __VA_ARGS__)

static enum args_result take_argument(struct compare_args *a, int *n, const char *arg)
{
	char shown[LOG_ARG_BUF];

	if (*n == 2)
		return usage_error("unexpected argument '%s': compare takes two reports",
				   log_arg(arg, shown));
	a->path[(*n)++] = arg;
	return ARGS_OK;
}

static enum args_result parse_args(struct compare_args *a, int argc, char **argv)
{
	char shown[LOG_ARG_BUF];
	bool options = true;
	int i, n = 0;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (!options || arg[0] != '-' || !arg[1]) {
			if (take_argument(a, &n, arg))
				return ARGS_ERROR;
		} else if (!strcmp(arg, "--")) {
			options = false;
		} else if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			return ARGS_HELP;
		} else if (!strcmp(arg, "--json") && i + 1 < argc) {
			a->json = argv[++i];
		} else if (!strncmp(arg, "--json=", 7)) {
			a->json = arg + 7;
		} else if (!strcmp(arg, "--json")) {
			return usage_error("option '--json' needs a value (a file, or - for stdout)");
		} else {
			return usage_error("unknown option '%s'", log_arg(arg, shown));
		}
	}
	if (n < 2)
		return usage_error("two reports are needed: rtlens compare A.json B.json");
	if (a->json && !*a->json)
		return usage_error("invalid --json value '': the file name is empty");
	return ARGS_OK;
}

static int write_json(struct outfile *json, const char *path, const struct comparison *c)
{
	char shown[LOG_ARG_BUF];

	if (!render_compare_json(json->f, c))
		return outfile_commit(json, JSON_WHAT);
	err_msg("cannot write the %s to %s: %s", JSON_WHAT, log_arg(path, shown),
		strerror(errno));
	outfile_abort(json);
	return -1;
}

static int emit(const struct compare_args *args, const struct comparison *c)
{
	struct outfile json = { 0 };

	if (args->json && outfile_open(&json, args->json, JSON_WHAT))
		return -1;
	if (json.f != stdout)
		render_compare_text(stdout, c);
	if (json.f && write_json(&json, args->json, c))
		return -1;
	return outfile_check_stdout();
}

int compare_main(int argc, char **argv)
{
	struct compare_args args = { 0 };
	struct report_data a, b;
	struct comparison c;
	enum args_result parsed = parse_args(&args, argc, argv);
	int ret = 1, bad;

	if (parsed == ARGS_HELP) {
		usage(stdout);
		return outfile_check_stdout() ? 1 : 0;
	}
	if (parsed != ARGS_OK)
		return 1;
	/* both read, so that the messages name every file that is wrong */
	bad = report_file_load(&a, args.path[0]);
	bad |= report_file_load(&b, args.path[1]);
	if (!bad && !compare_check(&a, &b) && !compare_reports(&c, &a, &b)) {
		ret = emit(&args, &c) ? 1 : 0;
		comparison_free(&c);
	}
	report_data_free(&a);
	report_data_free(&b);
	return ret;
}
