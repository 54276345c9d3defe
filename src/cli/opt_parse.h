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
#include <stdint.h>
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

/*
 * What an option's value is, and so what the parser does with it. A typed
 * option names the field of the parse's context it sets (OPT_FIELD()); the
 * parser checks the value and stores it, and the messages of what it
 * refuses are made from the row. OPT_CUSTOM: a function (.set) computes.
 */
enum opt_type {
	OPT_CUSTOM,	/* .set stores it */
	OPT_BOOL,	/* no value: true; --no-NAME (opt_negatable()): false */
	OPT_UINT,	/* a whole number from .min to .max (0: no bound), 4 or 8 bytes */
	OPT_DURATION,	/* 10, 10s, 5m, 2h, 1d: seconds, a uint64_t */
	OPT_FACTOR,	/* a decimal number over 0 up to .max, 0.5 or 10: a double */
	OPT_STRING,	/* the value as given, a const char * */
	OPT_PATH,	/* a file's name, a const char *: not empty; "-" unless .dash */
	OPT_ENUM,	/* one of .names: its index, an int or an enum */
	OPT_CHOICE,	/* one of .names: the name, a const char * */
};

/* the unit of an OPT_UINT, in the message of its range */
enum opt_unit {
	OPT_UNIT_NONE,
	OPT_UNIT_US,	/* "100 us", "1 s (1000000 us)" */
	OPT_UNIT_KB,	/* "1 kB" */
};

struct opt_desc {
	const char	*name;
	int		short_name;	/* 0: long only */
	enum arg_kind	arg;
	const char	*arg_name;
	const char	*help;
	unsigned int	cmds;		/* the CMD_BIT()s of the commands that take it */
	unsigned int	group;		/* its heading in --help: opt_table.groups[group] */

	enum opt_type	type;
	size_t		offset;		/* typed: the field it sets in the context */
	size_t		size;		/* and the field's size */
	/* OPT_UINT, OPT_FACTOR, OPT_ENUM, OPT_CHOICE: the value in messages ("the period") */
	const char	*what;
	uint64_t	min, max;	/* OPT_UINT; OPT_FACTOR: max */
	enum opt_unit	unit;		/* OPT_UINT */
	const char	*note;		/* OPT_UINT: said after its range */
	const char	*empty;		/* OPT_PATH: why "" is refused; NULL: "the file name is empty" */
	const char	*dash;		/* OPT_PATH: why "-" is refused; NULL: "-" is stdout */
	const char *const *names;	/* OPT_ENUM, OPT_CHOICE */
	size_t		nr_names;
	/* OPT_BOOL: what a value given to it ("--aa 100") may have meant */
	const char	*hint;
	/*
	 * OPT_CUSTOM: store @arg (NULL: none) in the parse's context; -1,
	 * *@why set, refuses it.
	 */
	int		(*set)(void *ctx, const char *arg, const char **why);
	/* a typed option, when set: what follows from its value, once stored */
	int		(*then)(void *ctx, const char **why);
};

/* 0, or a compile error when @cond is false: checks a row's field in its initializer */
#define OPT_ASSERT(cond)	(0 * sizeof(char[(cond) ? 1 : -1]))
#define OPT_MEMBER(T, m)	(((T *)0)->m)
#define OPT_IS(T, m, t)		__builtin_types_compatible_p(__typeof__(OPT_MEMBER(T, m)), t)

/* the field @m of context @T, which the option sets; @ok checks its type */
#define OPT_FIELD(T, m, ok)							\
	.offset = offsetof(T, m) + OPT_ASSERT(ok),				\
	.size = sizeof(OPT_MEMBER(T, m))

/* The typed options: what each sets, and how; a row adds its names and help. */
#define OPT_FLAG(T, m)								\
	.type = OPT_BOOL, .arg = ARG_NONE, OPT_FIELD(T, m, OPT_IS(T, m, bool))
#define OPT_UINT_FIELD(T, m, lo, hi)						\
	.type = OPT_UINT, .arg = ARG_REQUIRED, .min = (lo), .max = (hi),	\
	OPT_FIELD(T, m, sizeof(OPT_MEMBER(T, m)) == 4 || sizeof(OPT_MEMBER(T, m)) == 8)
#define OPT_DURATION_FIELD(T, m)						\
	.type = OPT_DURATION, .arg = ARG_REQUIRED,				\
	OPT_FIELD(T, m, OPT_IS(T, m, uint64_t))
#define OPT_FACTOR_FIELD(T, m, hi)						\
	.type = OPT_FACTOR, .arg = ARG_REQUIRED, .max = (hi),			\
	OPT_FIELD(T, m, OPT_IS(T, m, double))
#define OPT_STRING_FIELD(T, m)							\
	.type = OPT_STRING, .arg = ARG_REQUIRED,				\
	OPT_FIELD(T, m, OPT_IS(T, m, const char *))
#define OPT_PATH_FIELD(T, m)							\
	.type = OPT_PATH, .arg = ARG_FILE,					\
	OPT_FIELD(T, m, OPT_IS(T, m, const char *))
#define OPT_ENUM_FIELD(T, m, list, n)						\
	.type = OPT_ENUM, .arg = ARG_REQUIRED, .names = (list), .nr_names = (n),	\
	OPT_FIELD(T, m, sizeof(OPT_MEMBER(T, m)) == sizeof(int))
#define OPT_CHOICE_FIELD(T, m, list, n)						\
	.type = OPT_CHOICE, .arg = ARG_REQUIRED, .names = (list), .nr_names = (n),	\
	OPT_FIELD(T, m, OPT_IS(T, m, const char *))
/* an option that computes: @fn stores it */
#define OPT_CALL(kind, fn)	.type = OPT_CUSTOM, .arg = (kind), .set = (fn)

struct opt_table {
	const struct opt_desc	*opts;
	size_t			nr_opts;
	const char		*synopsis;	/* the usage after the command; NULL: "[options]" */
	const char		*operands;	/* the help of the other words, before the options' */
	const char		*exit_status;	/* the help's last line, after "exit status: " */
	/* the headings of --help, each before its options (opt_desc.group); NULL: none */
	const char *const	*groups;
	size_t			nr_groups;
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
/*
 * Does the boolean @o of @t also take --no-NAME, which sets it false? Every
 * OPT_BOOL does, but one named no-* (--no-aa is itself the negation) and
 * one whose --no-NAME is another option of @t (--aa and --no-aa).
 */
bool opt_negatable(const struct opt_table *t, const struct opt_desc *o);

/* The options are at most this many (getopt's tables are built on the stack). */
#define OPT_MAX		96
/* and their long names at most this long, with --no- */
#define OPT_NAME_MAX	32

/*
 * Parse @argv (argv[0] the command's word) with the options of @t that
 * command @cmd takes, into @ctx. A refused word is named on stderr, then
 * "Try 'rtlens CMD --help' ...".
 */
enum opts_result opt_parse(const struct command *cmd, const struct opt_table *t, void *ctx,
			   int argc, char **argv);
/*
 * The word of @words (@n of them) that @word is a typo of: the closest in
 * edits of one letter (one added, dropped or changed, or two next to each
 * other swapped), at most one edit for each three letters of it; the
 * first of those as close. NULL when none is that close.
 */
const char *opt_closest(const char *word, const char *const *words, size_t n);
/* The --help of @cmd. */
void opt_usage(const struct command *cmd, const struct opt_table *t, FILE *out);
/* A usage error found after the parse: the message, then "Try ..."; OPTS_ERROR. */
__attribute__((format(printf, 3, 4)))
enum opts_result opt_usage_error(const struct command *cmd, const struct opt_table *t,
				 const char *fmt, ...);

#endif
