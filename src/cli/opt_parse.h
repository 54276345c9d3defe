/* SPDX-License-Identifier: GPL-2.0 */
/*
 * opt_parse - the option parser of every command: a command declares its
 * options once, in a table, with the commands each applies to; the parser,
 * its messages and the --help text are all made from the table
 */
#ifndef RTLENS_OPT_PARSE_H
#define RTLENS_OPT_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/commands.h"

enum opts_result {
	OPTS_OK,	/* run the command */
	OPTS_HELP,	/* --help was printed: exit 0 */
	OPTS_ERROR,	/* a message was printed: exit 1 */
};

enum arg_kind {
	ARG_NONE,
	ARG_REQUIRED,
	ARG_OPTIONAL,	/* -xVALUE, --name=VALUE, or the next word if it is no option */
	ARG_FILE,	/* as ARG_REQUIRED, and the value is a file's name */
	ARG_OPTIONAL_FILE, /* as ARG_OPTIONAL, and the value is a file's name */
};

struct opt_desc {
	const char	*name;
	int		short_name;	/* 0: long only */
	enum arg_kind	arg;
	const char	*arg_name;
	const char	*help;
	unsigned int	cmds;		/* the CMD_BIT()s of the commands that take it */
	/*
	 * store @arg (NULL: none) in the parse's context; -1, *@why set, refuses
	 * it. An option without a value that was given one ("--aa=1", "--aa 1"
	 * where the command takes no operand) is refused by the parser; its
	 * setter is then called with that value to say in *@why what may have
	 * been meant (left NULL: nothing), and what it stored is not used.
	 */
	int		(*set)(void *ctx, const char *arg, const char **why);
};

/* Define setter @fn: the option's value is @member of the context, a @type. */
#define OPT_DEFINE_STR_SETTER(fn, type, member)					\
static int fn(void *ctx, const char *arg, const char **why)			\
{										\
	(void)why;								\
	((type *)ctx)->member = arg;						\
	return 0;								\
}

/* Define setter @fn of an option without a value: @member (a bool) becomes true. */
#define OPT_DEFINE_FLAG_SETTER(fn, type, member)				\
static int fn(void *ctx, const char *arg, const char **why)			\
{										\
	(void)why;								\
	if (arg)		/* a value given: refused by the parser */	\
		return -1;							\
	((type *)ctx)->member = true;						\
	return 0;								\
}

struct opt_table {
	const struct opt_desc	*opts;
	size_t			nr_opts;
	const char		*synopsis;	/* the usage after the command; NULL: "[options]" */
	const char		*operands;	/* the help of the other words, before the options' */
	const char		*exit_status;	/* the help's last line, after "exit status: " */
	/*
	 * A word that is no option, taken in its place among the options;
	 * -1 refuses it, with *@why said after it if set. NULL: the command
	 * takes no such word.
	 */
	int			(*operand)(void *ctx, const char *arg, const char **why);
};

/* Does option @o take a value: always (getopt's required_argument), or maybe? */
bool opt_arg_required(const struct opt_desc *o);
bool opt_arg_optional(const struct opt_desc *o);
/* Is @o's value a file's name (the shell completes it: src/cli/completion.c)? */
bool opt_arg_file(const struct opt_desc *o);

/* The options are at most this many (getopt's tables are built on the stack). */
#define OPT_MAX		96

/*
 * Parse @argv (argv[0] the command's word) with the options of @t that
 * command @cmd takes, into @ctx. A refused word is named on stderr, then
 * "Try 'rtlens CMD --help' ...".
 */
enum opts_result opt_parse(const struct command *cmd, const struct opt_table *t, void *ctx,
			   int argc, char **argv);
/* The --help of @cmd. */
void opt_usage(const struct command *cmd, const struct opt_table *t, FILE *out);
/* A usage error found after the parse: the message, then "Try ..."; OPTS_ERROR. */
__attribute__((format(printf, 3, 4)))
enum opts_result opt_usage_error(const struct command *cmd, const struct opt_table *t,
				 const char *fmt, ...);

#endif
