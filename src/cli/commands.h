/* SPDX-License-Identifier: GPL-2.0 */
/*
 * commands - the one table of rtlens's commands: the seven that measure (a
 * tool description and a mode, run by the session) and the five with a
 * main function each, which parses its own arguments (argv[0] the
 * command's name) and returns the exit status: check, compare, merge and
 * timesync measure nothing; hwlatdetect measures as rt-tests' script does.
 * A command's place in the table is its id, and its bit in the commands
 * an option applies to (opt_parse.h); each names its option
 * table, which the parser, the --help and the shell's completion
 * (completion.c) are made from.
 */
#ifndef RTLENS_COMMANDS_H
#define RTLENS_COMMANDS_H

#include "base/tool.h"

enum command_id {
	CMD_OSNOISE_TOP,
	CMD_OSNOISE_HIST,
	CMD_TIMERLAT_TOP,
	CMD_TIMERLAT_HIST,
	CMD_HWNOISE,
	CMD_HWLAT_TOP,
	CMD_HWLAT_HIST,
	CMD_CHECK,
	CMD_COMPARE,
	CMD_MERGE,
	CMD_TIMESYNC,
	CMD_HWLATDETECT,
	NR_COMMANDS,
};

/* the bit of command @id in an option's set of commands */
#define CMD_BIT(id)	(1u << (id))

struct opt_table;

struct command {
	const char		*name;		/* "osnoise top", "hwnoise", "check" */
	const struct tool_desc	*desc;		/* the tool measured; NULL: none */
	enum rtl_mode		mode;
	/* when desc is NULL; @cmd is the command's own row */
	int			(*main)(const struct command *cmd, int argc, char **argv);
	const struct opt_table	*opts;		/* its options (those of its bit) */
	const char		*summary;	/* one line, for the help */
};

extern const struct command commands[NR_COMMANDS];

/* The words rtlens answers itself, commands of no table: "help", "version". */
enum builtin_word {
	WORD_HELP,
	WORD_VERSION,
	NR_BUILTIN_WORDS,
};

extern const char *const builtin_words[NR_BUILTIN_WORDS];

/*
 * The option tables (opt_parse.h): the measuring commands' (options.c),
 * then check's, compare's and merge's (cmd_*.c).
 */
extern const struct opt_table measuring_opts, check_table, compare_table, merge_table,
	timesync_table, hwlatdetect_table;

/* The mode of a measuring command as its word: "top", "hist". */
const char *command_mode_word(const struct command *cmd);
/* The measuring command of tool @tool ("osnoise") in mode @mode ("top"), or NULL. */
const struct command *command_of_tool(const char *tool, const char *mode);
/* The measuring command of @desc in @mode, or NULL. */
const struct command *command_of_desc(const struct tool_desc *desc, enum rtl_mode mode);
/* The command named @name that measures nothing, or NULL. */
const struct command *command_offline(const char *name);
/*
 * The bit of the options @cmd takes: a measuring command takes those of the
 * first command with its tracer and mode (hwnoise takes osnoise top's).
 */
unsigned int command_opt_bit(const struct command *cmd);

/* rtlens check: is the system set up for low latency? 0, 2 (a finding breaks isolation), 1 */
int check_main(const struct command *cmd, int argc, char **argv);
/* rtlens compare A.json B.json: two reports side by side; 0 or 1 */
int compare_main(const struct command *cmd, int argc, char **argv);
/* rtlens merge REPORT.json...: many nodes' reports together, a BSP projection; 0 or 1 */
int merge_main(const struct command *cmd, int argc, char **argv);
/* rtlens timesync CHANNEL: on a host, answer a guest's --host-sync; 0 or 1 */
int timesync_main(const struct command *cmd, int argc, char **argv);
/* rtlens hwlatdetect, or rtlens called hwlatdetect: rt-tests' script; 0, 1 over the limit, 2 */
int hwlatdetect_main(const struct command *cmd, int argc, char **argv);

#endif
