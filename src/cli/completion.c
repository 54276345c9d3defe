// SPDX-License-Identifier: GPL-2.0
/*
 * completion - writes, on standard output, what bash's completion of rtlens
 * knows: the commands and, for each, its options, which of them take a
 * value, which value is a file's name and which is one of a few words,
 * all from the command table (commands.h) and the option tables the
 * parser uses (opt_parse.h), so that the completion cannot drift from what
 * rtlens takes. The logic that uses them is src/cli/completion.bash;
 * make joins the two into build/completion/rtlens.bash.
 *
 * A program of its own, run by make, never part of rtlens.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/opt_parse.h"

/* Only these characters go between the script's single quotes. */
static bool plain(const char *s)
{
	return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789- ") == strlen(s);
}

/* the tool that command @i measures, or its name when it measures nothing */
static const char *first_word(size_t i)
{
	return commands[i].desc ? commands[i].desc->name : commands[i].name;
}

/* Was the word of command @i named by an earlier command? */
static bool first_seen(size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (!strcmp(first_word(j), first_word(i)))
			return true;
	return false;
}

/*
 * the first words, of every command and the words rtlens answers itself
 * (help, version), or (@tools) of the measuring commands
 */
static void print_first_words(const char *var, bool tools)
{
	const char *sep = "";
	size_t i;

	printf("%s='", var);
	for (i = 0; i < NR_COMMANDS; i++) {
		if (first_seen(i) || (tools && !commands[i].desc))
			continue;
		printf("%s%s", sep, first_word(i));
		sep = " ";
	}
	for (i = 0; !tools && i < NR_BUILTIN_WORDS; i++)
		printf(" %s", builtin_words[i]);
	printf("'\n");
}

/* "osnoise top" -> "top"; NULL when the name has no mode word */
static const char *shown_mode(const struct command *cmd)
{
	const char *space = strchr(cmd->name, ' ');

	return space ? space + 1 : NULL;
}

static void print_modes(void)
{
	size_t i, j;

	printf("# _rtlens_modes TOOL: the modes offered after TOOL\n_rtlens_modes()\n{\n"
	       "\tcase $1 in\n");
	for (i = 0; i < NR_COMMANDS; i++) {
		if (!shown_mode(&commands[i]) || first_seen(i))
			continue;
		printf("\t%s) echo '", first_word(i));
		for (j = i; j < NR_COMMANDS; j++)
			if (shown_mode(&commands[j]) && !strcmp(first_word(j), first_word(i)))
				printf("%s%s", j == i ? "" : " ", shown_mode(&commands[j]));
		printf("' ;;\n");
	}
	printf("\tesac\n}\n\n");
}

/* `rtlens TOOL MODE` of each measuring command, and what a bare `rtlens WORD` runs */
static void print_commands(void)
{
	const struct command *dflt;
	size_t i;

	printf("# _rtlens_mode TOOL WORD: the command `rtlens TOOL WORD` runs, if WORD is a mode\n"
	       "_rtlens_mode()\n{\n\tcase \"$1 $2\" in\n");
	for (i = 0; i < NR_COMMANDS; i++)
		if (commands[i].desc)
			printf("\t'%s %s') echo '%s' ;;\n", first_word(i),
			       command_mode_word(&commands[i]), commands[i].name);
	printf("\tesac\n}\n\n");
	printf("# _rtlens_default WORD: the command `rtlens WORD` runs without a mode\n"
	       "_rtlens_default()\n{\n\tcase $1 in\n");
	for (i = 0; i < NR_COMMANDS; i++) {
		if (first_seen(i))
			continue;
		dflt = commands[i].desc ? command_of_tool(first_word(i), "top") : &commands[i];
		if (dflt)
			printf("\t%s) echo '%s' ;;\n", first_word(i), dflt->name);
	}
	printf("\tesac\n}\n\n");
}

/* Does an earlier option of @t that @bit takes have @o's long name? */
static bool opt_seen(const struct opt_table *t, const struct opt_desc *o, unsigned int bit)
{
	const struct opt_desc *p;

	for (p = t->opts; p < o; p++)
		if ((p->cmds & bit) && !strcmp(p->name, o->name))
			return true;
	return false;
}

static bool any_opt(const struct opt_desc *o)
{
	(void)o;
	return true;
}

/*
 * '-x --name' of each option of @cmd that @pick picks, and its --no-name
 * when it has one (@pick is any_opt: the others take a value)
 */
static void print_opts(const struct command *cmd, bool (*pick)(const struct opt_desc *o))
{
	const struct opt_table *t = cmd->opts;
	unsigned int bit = command_opt_bit(cmd);
	const struct opt_desc *o;
	const char *sep = "";

	for (o = t->opts; o < t->opts + t->nr_opts; o++) {
		if (!(o->cmds & bit) || !pick(o) || opt_seen(t, o, bit))
			continue;
		if (o->short_name)
			printf("%s-%c", sep, o->short_name);
		printf("%s--%s", o->short_name ? " " : sep, o->name);
		if (opt_negatable(t, o))
			printf(" --no-%s", o->name);
		sep = " ";
	}
}

static void print_spec(const struct command *cmd)
{
	printf("\t'%s')\n\t\t_rtlens_opts='-h --help ", cmd->name);
	print_opts(cmd, any_opt);
	printf("'\n\t\t_rtlens_value='");
	print_opts(cmd, opt_arg_required);
	printf("'\n\t\t_rtlens_maybe='");
	print_opts(cmd, opt_arg_optional);
	printf("'\n\t\t_rtlens_files='");
	print_opts(cmd, opt_arg_file);
	printf("'\n\t\t_rtlens_operands=%s\n\t\t;;\n", cmd->opts->operand ? "files" : "");
}

/* "auto|kernel|user": the words a value can be; false for "us", "o:prio|r:prio" */
static bool word_choices(const struct opt_desc *o)
{
	const char *s = o->arg_name;

	return s && strchr(s, '|') && strspn(s, "abcdefghijklmnopqrstuvwxyz|") == strlen(s);
}

/* the names an option of one of a few words takes (--engine's), its own or its arg_name's */
static void print_words(const struct opt_desc *o)
{
	const char *c;
	size_t i;

	if (o->names) {
		for (i = 0; i < o->nr_names; i++)
			printf("%s%s", i ? " " : "", o->names[i]);
		return;
	}
	for (c = o->arg_name; *c; c++)
		putchar(*c == '|' ? ' ' : *c);
}

static void print_choices(const struct command *cmd)
{
	const struct opt_table *t = cmd->opts;
	unsigned int bit = command_opt_bit(cmd);
	const struct opt_desc *o;

	for (o = t->opts; o < t->opts + t->nr_opts; o++) {
		if (!(o->cmds & bit) || !opt_arg_required(o) || (!o->names && !word_choices(o)))
			continue;
		printf("\t'%s --%s'", cmd->name, o->name);
		if (o->short_name)
			printf(" | '%s -%c'", cmd->name, o->short_name);
		printf(") echo '");
		print_words(o);
		printf("' ;;\n");
	}
}

static void print_specs(void)
{
	size_t i;

	printf("# _rtlens_spec COMMAND: its options (_rtlens_opts); those that take a value\n"
	       "# (_rtlens_value), that may take one (_rtlens_maybe), whose value is a file\n"
	       "# (_rtlens_files); whether its other words are files (_rtlens_operands)\n"
	       "_rtlens_spec()\n{\n\tcase $1 in\n");
	for (i = 0; i < NR_COMMANDS; i++)
		print_spec(&commands[i]);
	printf("\t*) return 1 ;;\n\tesac\n}\n\n");
	printf("# _rtlens_choices COMMAND OPTION: the words OPTION's value can be\n"
	       "_rtlens_choices()\n{\n\tcase \"$1 $2\" in\n");
	for (i = 0; i < NR_COMMANDS; i++)
		print_choices(&commands[i]);
	printf("\tesac\n}\n\n");
}

/* Are the names safe between single quotes? A quote would break the script. */
static bool tables_plain(void)
{
	const struct opt_desc *o;
	size_t i;

	for (i = 0; i < NR_COMMANDS; i++) {
		if (!plain(commands[i].name))
			return false;
		for (o = commands[i].opts->opts;
		     o < commands[i].opts->opts + commands[i].opts->nr_opts; o++)
			if (!plain(o->name))
				return false;
	}
	return true;
}

int main(void)
{
	if (!tables_plain()) {
		fprintf(stderr, "completion: a command or option name the script cannot quote\n");
		return 1;
	}
	printf("# bash completion for rtlens %s -*- shell-script -*-\n"
	       "# SPDX-License-Identifier: GPL-2.0\n#\n"
	       "# Written by make from rtlens's command and option tables (src/cli/completion.c),\n"
	       "# then the logic that uses them (src/cli/completion.bash): do not edit.\n\n"
	       "# the first words of the commands, and the tools among them (rtla's names)\n",
	       RTLENS_VERSION);
	print_first_words("_rtlens_first", false);
	print_first_words("_rtlens_tools", true);
	printf("\n");
	print_modes();
	print_commands();
	print_specs();
	return fflush(stdout) ? 1 : 0;
}
