// SPDX-License-Identifier: GPL-2.0
/*
 * rtlens - find the sources of OS noise and timer latency on Linux
 *
 * The command table (commands.h) maps "tool mode" to the session driver and
 * the other commands to their main function; argv[0] selects the tool when
 * rtlens is called through a symlink (osnoise, ...).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/log.h"
#include "cli/commands.h"
#include "cli/cpus_default.h"
#include "cli/opt_parse.h"
#include "cli/options.h"
#include "session/run.h"

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "rtlens version %s: find the sources of OS noise and timer latency\n\n",
		RTLENS_VERSION);
	fprintf(out, "  usage: rtlens COMMAND [MODE] [options]\n\n  commands:\n");
	for (i = 0; i < NR_COMMANDS; i++)
		fprintf(out, "     %-14s - %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\n  'rtlens osnoise' is 'rtlens osnoise top'. "
		"'rtlens COMMAND MODE --help' lists the options.\n");
}

static void tool_usage(const char *tool, FILE *out)
{
	size_t i;

	fprintf(out, "rtlens %s (version %s)\n\n  usage: rtlens %s [MODE] [options]\n\n  modes:\n",
		tool, RTLENS_VERSION, tool);
	for (i = 0; i < NR_COMMANDS; i++)
		if (commands[i].desc && !strcmp(commands[i].desc->name, tool))
			fprintf(out, "     %-5s - %s\n", command_mode_word(&commands[i]),
				commands[i].summary);
}

static bool known_tool(const char *tool)
{
	return command_of_tool(tool, "top") || command_of_tool(tool, "hist");
}

/*
 * A command or mode rtlens does not know: the one it is a typo of
 * (@meant, NULL: none is close), and where the list is; exit status 1,
 * rtla's for a command or mode it does not know.
 */
static int unknown(const char *what, const char *word, const char *meant)
{
	char *shown __shown = log_arg(word);

	if (meant)
		err_msg("unknown %s '%s': did you mean '%s'?", what, shown, meant);
	else
		err_msg("unknown %s '%s'", what, shown);
	fprintf(stderr, "Try 'rtlens --help' for the list of commands.\n");
	return 1;
}

/* "osnoise top" for @tool "osnoise" and @word "tpo": the command of its mode @word is a typo of */
static const char *closest_mode(const char *tool, const char *word)
{
	const char *modes[NR_COMMANDS], *found;
	size_t i, n = 0;

	for (i = 0; i < NR_COMMANDS; i++)
		if (commands[i].desc && !strcmp(commands[i].desc->name, tool) &&
		    strchr(commands[i].name, ' '))
			modes[n++] = command_mode_word(&commands[i]);
	found = opt_closest(word, modes, n);
	return found ? command_of_tool(tool, found)->name : NULL;
}

/* what @argv[1] is a typo of: a command, a tool (with its mode: "osnois tpo"), a word */
static const char *closest_command(int argc, char **argv)
{
	const char *words[NR_COMMANDS + NR_BUILTIN_WORDS], *found, *mode = NULL;
	size_t i, n = 0;

	for (i = 0; i < NR_COMMANDS; i++)
		words[n++] = commands[i].desc ? commands[i].desc->name : commands[i].name;
	for (i = 0; i < NR_BUILTIN_WORDS; i++)
		words[n++] = builtin_words[i];
	found = opt_closest(argv[1], words, n);
	if (found && known_tool(found) && argc > 2 && argv[2][0] != '-')
		mode = closest_mode(found, argv[2]);
	return mode ? mode : found;
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
	params_init_tool(&p, cmd->desc, cmd->mode, cmd->name, nr_cpus > 0 ? nr_cpus : 1);
	p.argc = main_argc;
	p.argv = main_argv;
	switch (options_parse(&p, argc, argv)) {
	case OPTS_OK:
		status = cpus_default_params(&p) ? 1 : run_session(&p);
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
	char prefix[64];

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) &&
	    !command_of_tool(tool, "top")) {
		tool_usage(tool, stdout);
		return 0;
	}
	if (argc > 1 && argv[1][0] != '-') {
		cmd = command_of_tool(tool, argv[1]);
		if (cmd)
			return run_command(cmd, argc - 1, argv + 1);
		snprintf(prefix, sizeof(prefix), "rtlens %s", tool);	/* a tool's: short */
		log_set_prefix(prefix);
		return unknown("mode", argv[1], closest_mode(tool, argv[1]));
	}
	return run_command(command_of_tool(tool, "top"), argc, argv);
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
	const struct command *offline;
	char prefix[32], *self;

	main_argc = argc;
	main_argv = argv;
	if (open_std_fds())
		return 1;
	self = basename(argv[0]);
	if (known_tool(self))
		return run_tool(self, argc, argv);
	offline = command_offline(self);	/* a symlink named hwlatdetect */
	if (offline)
		return offline->main(offline, argc, argv);
	if (argc < 2) {
		usage(stderr);
		return 1;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], builtin_words[WORD_HELP])) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version") ||
	    !strcmp(argv[1], builtin_words[WORD_VERSION])) {
		printf("rtlens %s\n", RTLENS_VERSION);
		return 0;
	}
	offline = command_offline(argv[1]);
	if (offline) {
		snprintf(prefix, sizeof(prefix), "rtlens %s", offline->name);	/* ours: short */
		log_set_prefix(prefix);
		return offline->main(offline, argc - 1, argv + 1);
	}
	if (!known_tool(argv[1]))
		return unknown("command", argv[1], closest_command(argc, argv));
	return run_tool(argv[1], argc - 1, argv + 1);
}
