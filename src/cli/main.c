// SPDX-License-Identifier: GPL-2.0
/*
 * rtlens - find the sources of OS noise and timer latency on Linux
 *
 * A command table maps "tool mode" to the session driver; argv[0] selects
 * the tool when rtlens is called through a symlink (osnoise, ...).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/log.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "session/run.h"

/* desc->name is the word, or the argv[0] of a symlink */
struct command {
	const struct tool_desc	*desc;
	const char		*mode;
	enum rtl_mode		mode_id;
	const char		*name;		/* "osnoise top" */
	const char		*summary;
};

static const struct command commands[] = {
	{ &tool_osnoise, "top", MODE_TOP, "osnoise top",
	  "a per-cpu summary of the OS noise" },
	{ &tool_osnoise, "hist", MODE_HIST, "osnoise hist",
	  "a per-cpu histogram of the OS noise" },
	{ &tool_timerlat, "top", MODE_TOP, "timerlat top",
	  "a per-cpu summary of the timer latency" },
	{ &tool_timerlat, "hist", MODE_HIST, "timerlat hist",
	  "a per-cpu histogram of the timer latency" },
	{ &tool_hwnoise, "top", MODE_TOP, "hwnoise",
	  "a summary of hardware-related noise (osnoise with IRQs disabled)" },
};

#define NR_COMMANDS	(sizeof(commands) / sizeof(commands[0]))

/* the commands that measure nothing */
struct offline_command {
	const char	*name;
	int		(*main)(int argc, char **argv);
	const char	*summary;
};

static const struct offline_command offline_commands[] = {
	{ "check", check_main, "is the system set up for low latency? (no measurement)" },
	{ "compare", compare_main, "two JSON reports of one tool side by side" },
	{ "merge", merge_main, "many nodes' JSON reports of one tool together" },
};

#define NR_OFFLINE	(sizeof(offline_commands) / sizeof(offline_commands[0]))

static const struct offline_command *find_offline(const char *name)
{
	size_t i;

	for (i = 0; i < NR_OFFLINE; i++)
		if (!strcmp(offline_commands[i].name, name))
			return &offline_commands[i];
	return NULL;
}

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "rtlens version %s: find the sources of OS noise and timer latency\n\n",
		RTLENS_VERSION);
	fprintf(out, "  usage: rtlens COMMAND [MODE] [options]\n\n  commands:\n");
	for (i = 0; i < NR_COMMANDS; i++)
		fprintf(out, "     %-14s - %s\n", commands[i].name, commands[i].summary);
	for (i = 0; i < NR_OFFLINE; i++)
		fprintf(out, "     %-14s - %s\n", offline_commands[i].name,
			offline_commands[i].summary);
	fprintf(out, "\n  'rtlens osnoise' is 'rtlens osnoise top'. "
		"'rtlens COMMAND MODE --help' lists the options.\n");
}

static void tool_usage(const char *tool, FILE *out)
{
	size_t i;

	fprintf(out, "rtlens %s (version %s)\n\n  usage: rtlens %s [MODE] [options]\n\n  modes:\n",
		tool, RTLENS_VERSION, tool);
	for (i = 0; i < NR_COMMANDS; i++)
		if (!strcmp(commands[i].desc->name, tool))
			fprintf(out, "     %-5s - %s\n", commands[i].mode, commands[i].summary);
}

static const struct command *find_command(const char *tool, const char *mode)
{
	size_t i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (!strcmp(commands[i].desc->name, tool) && !strcmp(commands[i].mode, mode))
			return &commands[i];
	return NULL;
}

static bool known_tool(const char *tool)
{
	return find_command(tool, "top") || find_command(tool, "hist");
}

/* the whole command line, for what a recording says of its run */
static int main_argc;
static char **main_argv;

static int run_command(const struct command *cmd, int argc, char **argv)
{
	struct rtl_params p;
	char prefix[64];
	int status = 1;
	long nr_cpus = sysconf(_SC_NPROCESSORS_CONF);

	snprintf(prefix, sizeof(prefix), "rtlens %s", cmd->name);
	log_set_prefix(prefix);
	params_init_tool(&p, cmd->desc, cmd->mode_id, cmd->name, nr_cpus > 0 ? nr_cpus : 1);
	p.argc = main_argc;
	p.argv = main_argv;
	switch (options_parse(&p, argc, argv)) {
	case OPTS_OK:
		status = run_session(&p);
		break;
	case OPTS_HELP:
		status = fflush(stdout) ? 1 : 0;
		break;
	case OPTS_ERROR:
		break;
	}
	params_free(&p);
	return status;
}

/* argv[0] is the tool; argv[1] may be its mode */
static int run_tool(const char *tool, int argc, char **argv)
{
	const struct command *cmd;
	char shown[LOG_ARG_BUF];

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) &&
	    !find_command(tool, "top")) {
		tool_usage(tool, stdout);
		return 0;
	}
	if (argc > 1 && argv[1][0] != '-') {
		cmd = find_command(tool, argv[1]);
		if (!cmd) {
			fprintf(stderr, "rtlens %s: unknown mode '%s'\n\n", tool,
				log_arg(argv[1], shown));
			tool_usage(tool, stderr);
			return 1;
		}
		return run_command(cmd, argc - 1, argv + 1);
	}
	return run_command(find_command(tool, "top"), argc, argv);
}

/*
 * A closed stdin, stdout or stderr (rtlens ... >&-) would be the number of
 * the next file opened: the lock, a report. Put /dev/null there first.
 */
static int open_std_fds(void)
{
	int fd;

	for (fd = 0; fd < 3; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		if (open("/dev/null", fd ? O_WRONLY : O_RDONLY) != fd)
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char shown[LOG_ARG_BUF], *self;

	main_argc = argc;
	main_argv = argv;
	if (open_std_fds())
		return 1;
	self = basename(argv[0]);
	if (known_tool(self))
		return run_tool(self, argc, argv);
	if (argc < 2) {
		usage(stderr);
		return 1;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
		printf("rtlens %s\n", RTLENS_VERSION);
		return 0;
	}
	if (find_offline(argv[1])) {
		snprintf(shown, sizeof(shown), "rtlens %s", argv[1]);
		log_set_prefix(shown);
		return find_offline(argv[1])->main(argc - 1, argv + 1);
	}
	if (!known_tool(argv[1])) {
		fprintf(stderr, "rtlens: unknown command '%s'\n\n", log_arg(argv[1], shown));
		usage(stderr);
		return 1;
	}
	return run_tool(argv[1], argc - 1, argv + 1);
}
