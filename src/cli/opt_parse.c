// SPDX-License-Identifier: GPL-2.0
/*
 * opt_parse - getopt_long driven by a command's option table: the tables
 * getopt wants, the --help, and the messages of what it refuses
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "base/log.h"
#include "cli/opt_parse.h"
#include "cli/opt_value.h"

#define OPT_HELP	'h'
#define OPT_OPERAND	1	/* getopt's code of a word in its place ("-" leads the letters) */
#define OPT_LONG_BASE	256	/* getopt's code of the long option of row i: this + i */
#define OPT_NEG_BASE	(OPT_LONG_BASE + OPT_MAX)	/* and of its --no-NAME: this + i */

/* the long names of --no-NAME, which getopt's table points to */
typedef char neg_names[OPT_MAX][OPT_NAME_MAX];

static bool takes(const struct opt_desc *o, unsigned int bit)
{
	return o->cmds & bit;
}

bool opt_arg_required(const struct opt_desc *o)
{
	return o->arg == ARG_REQUIRED || o->arg == ARG_FILE;
}

bool opt_arg_optional(const struct opt_desc *o)
{
	return o->arg == ARG_OPTIONAL || o->arg == ARG_OPTIONAL_FILE;
}

bool opt_arg_file(const struct opt_desc *o)
{
	return o->arg == ARG_FILE || o->arg == ARG_OPTIONAL_FILE;
}

bool opt_negatable(const struct opt_table *t, const struct opt_desc *o)
{
	size_t i;

	if (o->type != OPT_BOOL || !strncmp(o->name, "no-", 3))
		return false;
	for (i = 0; i < t->nr_opts; i++)
		if (!strncmp(t->opts[i].name, "no-", 3) && !strcmp(t->opts[i].name + 3, o->name))
			return false;
	return true;
}

static void usage_arg(const struct opt_desc *o, FILE *out)
{
	if (opt_arg_required(o))
		fprintf(out, " %s", o->arg_name);
	else if (opt_arg_optional(o))
		fprintf(out, "[=%s]", o->arg_name);
}

/* "-q/--[no-]quiet: print only a summary at the end" */
static void usage_opt(const struct opt_table *t, const struct opt_desc *o, FILE *out)
{
	const char *no = opt_negatable(t, o) ? "[no-]" : "";

	if (o->short_name)
		fprintf(out, "\t  -%c/--%s%s", o->short_name, no, o->name);
	else
		fprintf(out, "\t     --%s%s", no, o->name);
	usage_arg(o, out);
	fprintf(out, ": %s\n", o->help);
}

/* the options of group @group that @bit takes, after its heading if it has any */
static void usage_group(const struct opt_table *t, unsigned int bit, size_t group, FILE *out)
{
	bool headed = false;
	size_t i;

	for (i = 0; i < t->nr_opts; i++) {
		const struct opt_desc *o = &t->opts[i];

		if (!takes(o, bit) || (t->groups && o->group != group))
			continue;
		if (t->groups && !headed)
			fprintf(out, "\n\t%s:\n", t->groups[group]);
		headed = true;
		usage_opt(t, o, out);
	}
}

void opt_usage(const struct command *cmd, const struct opt_table *t, FILE *out)
{
	unsigned int bit = command_opt_bit(cmd);
	size_t g;

	fprintf(out, "rtlens %s: %s\n  rtlens version %s\n\n", cmd->name, cmd->summary,
		RTLENS_VERSION);
	fprintf(out, "  usage: rtlens %s %s\n\n", cmd->name, t->synopsis ? t->synopsis : "[options]");
	if (t->operands)
		fputs(t->operands, out);
	fprintf(out, "\t  -h/--help: print this menu\n");
	for (g = 0; g < (t->groups ? t->nr_groups : 1); g++)
		usage_group(t, bit, g, out);
	if (cmd->desc && cmd->mode == MODE_TOP)
		fputs("\n  keys of the live screen (on a terminal): ? help, s sources pane (with the\n"
		      "  analysis), j/k or arrows select a CPU (Esc: none), w window (1 s, 10 s,\n"
		      "  60 s, run), o sort, PgUp/PgDn scroll, p pause, r reset, q quit\n", out);
	fprintf(out, "\n  exit status: %s\n", t->exit_status);
}

static enum opts_result bad_usage(const struct command *cmd, const struct opt_table *t)
{
	fprintf(stderr, "Try 'rtlens %s --help' for %s.\n", cmd->name,
		t->operand ? "the usage" : "the list of options");
	return OPTS_ERROR;
}

enum opts_result opt_usage_error(const struct command *cmd, const struct opt_table *t,
				 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	err_vmsg(fmt, ap);
	va_end(ap);
	return bad_usage(cmd, t);
}

/* getopt's entry of --no-NAME of row @i, its name written in @name */
static struct option neg_option(const struct opt_desc *o, size_t i, char *name)
{
	snprintf(name, OPT_NAME_MAX, "no-%s", o->name);
	return (struct option){ name, no_argument, NULL, OPT_NEG_BASE + (int)i };
}

/* Build getopt's tables from @t, for the options of @bit; -1 if they do not fit. */
static int build_getopt(const struct opt_table *t, unsigned int bit, struct option *longs,
			char *shorts, neg_names negs)
{
	size_t i, n = 0;
	char *s = shorts;

	if (t->nr_opts > OPT_MAX)
		return -1;
	for (i = 0; i < t->nr_opts; i++)
		if (strlen(t->opts[i].name) + 4 > OPT_NAME_MAX)
			return -1;
	if (t->operand)
		*s++ = '-';
	*s++ = ':';
	*s++ = 'h';
	longs[n++] = (struct option){ "help", no_argument, NULL, OPT_HELP };
	for (i = 0; i < t->nr_opts; i++) {
		const struct opt_desc *o = &t->opts[i];
		int has = opt_arg_required(o) ? required_argument :
			  opt_arg_optional(o) ? optional_argument : no_argument;

		if (!takes(o, bit))
			continue;
		longs[n++] = (struct option){ o->name, has, NULL,
			o->short_name ? o->short_name : OPT_LONG_BASE + (int)i };
		if (opt_negatable(t, o))
			longs[n++] = neg_option(o, i, negs[i]);
		if (!o->short_name)
			continue;
		*s++ = o->short_name;
		if (o->arg != ARG_NONE)
			*s++ = ':';
		if (opt_arg_optional(o))
			*s++ = ':';
	}
	*s = '\0';
	longs[n] = (struct option){ NULL, 0, NULL, 0 };
	return 0;
}

/* the option of getopt's code @c; *@negated: it was written --no-NAME */
static const struct opt_desc *find_opt(const struct opt_table *t, unsigned int bit, int c,
				       bool *negated)
{
	size_t i;

	*negated = c >= OPT_NEG_BASE;
	if (c >= OPT_NEG_BASE)
		return &t->opts[c - OPT_NEG_BASE];
	if (c >= OPT_LONG_BASE)
		return &t->opts[c - OPT_LONG_BASE];
	for (i = 0; i < t->nr_opts; i++)
		if (t->opts[i].short_name == c && takes(&t->opts[i], bit))
			return &t->opts[i];
	return NULL;
}

/* Is @word "--" @prefix @name, or that and "=VALUE"? */
static bool names_long(const char *prefix, const char *name, const char *word)
{
	size_t p = strlen(prefix), n = strlen(name);

	return !strncmp(word, "--", 2) && !strncmp(word + 2, prefix, p) &&
	       !strncmp(word + 2 + p, name, n) &&
	       (word[2 + p + n] == '\0' || word[2 + p + n] == '=');
}

/*
 * -NAME's letter, or --NAME with a value (--NAME=VALUE), or its --no-NAME;
 * *@negated (if not NULL): the word is --no-NAME
 */
static bool names_opt(const struct opt_table *t, const struct opt_desc *o, const char *word,
		      int letter, bool *negated)
{
	bool neg = !letter && opt_negatable(t, o) && names_long("no-", o->name, word);

	if (negated)
		*negated = neg;
	if (letter)
		return o->short_name == letter;
	return neg || names_long("", o->name, word);
}

static void print_opt_name(const struct opt_desc *o, bool negated, char *buf, size_t len)
{
	if (negated)
		snprintf(buf, len, "--no-%s", o->name);
	else if (o->short_name)
		snprintf(buf, len, "-%c/--%s", o->short_name, o->name);
	else
		snprintf(buf, len, "--%s", o->name);
}

/*
 * Like rtla, -t and -C also take their value as the next word when it does
 * not look like an option ("-t out.txt").
 */
static const char *optional_value(int argc, char **argv)
{
	if (optarg)
		return optarg;
	if (optind < argc && argv[optind][0] != '-')
		return argv[optind++];
	return NULL;
}

static int apply_opt(const struct opt_desc *o, bool negated, void *ctx, int argc, char **argv)
{
	const char *why = "invalid value";
	const char *arg = optarg;
	char name[64], *shown __shown = NULL;

	if (opt_arg_optional(o))
		arg = optional_value(argc, argv);
	if (!opt_store(o, ctx, arg, negated, &why))
		return 0;
	print_opt_name(o, negated, name, sizeof(name));
	if (arg) {
		shown = log_arg(arg);
		err_msg("invalid %s value '%s': %s", name, shown, why);
	} else {
		err_msg("invalid %s: %s", name, why);
	}
	return -1;
}

/* "--aa takes no value; <what its row says may have been meant>" */
static void no_value(const struct opt_desc *o, bool negated)
{
	const char *why = negated ? NULL : o->hint;
	char name[64];

	print_opt_name(o, negated, name, sizeof(name));
	err_msg("%s takes no value%s%s", name, why ? "; " : "", why ? why : "");
}

/*
 * An option without a value followed by a word where the command takes no
 * operand ("--aa 100"): the word was meant as its value. -1 when refused.
 */
static int value_after_flag(const struct opt_table *t, const struct opt_desc *o, bool negated,
			    int argc, char **argv)
{
	if (o->arg != ARG_NONE || t->operand || optind >= argc || argv[optind][0] == '-')
		return 0;
	no_value(o, negated);
	return -1;
}

/*
 * "--aa=100": the option of the word, when it takes no value (*@negated:
 * the word is its --no-NAME); else NULL
 */
static const struct opt_desc *flag_with_value(const struct opt_table *t, unsigned int bit,
					      const char *word, bool *negated)
{
	size_t i;

	if (strncmp(word, "--", 2) || !strchr(word, '='))
		return NULL;
	for (i = 0; i < t->nr_opts; i++)
		if (takes(&t->opts[i], bit) && t->opts[i].arg == ARG_NONE &&
		    names_opt(t, &t->opts[i], word, 0, negated))
			return &t->opts[i];
	return NULL;
}

/*
 * The option getopt refused: the word, or "-x" for a letter it does not know
 * (inside a cluster such as "-qx", optind does not point past the word yet).
 */
static bool unknown_letter(const char *shorts)
{
	if (*shorts == '-')	/* not a letter: the operands' mark */
		shorts++;
	if (optopt < 0)		/* a byte over 0x7f, as glibc's (signed) char */
		return true;
	return optopt > 0 && optopt < OPT_LONG_BASE && (optopt == ':' || !strchr(shorts, optopt));
}

/* the length of --NAME's name in @word ("--json=x" -> 4) */
static size_t long_name_len(const char *word)
{
	const char *eq = strchr(word + 2, '=');

	return eq ? (size_t)(eq - word - 2) : strlen(word + 2);
}

/*
 * Is long option @l a candidate for a name of @n bytes that starts it? Not
 * a --no-NAME for "--no" or "--no-": the options named no-* are meant.
 */
static bool candidate(const struct option *l, const char *word, size_t n)
{
	if (!n || strncmp(l->name, word + 2, n))
		return false;
	return l->val < OPT_NEG_BASE || n > strlen("no-");
}

/*
 * "--a, --b or --c": the long options of @longs whose name starts with the
 * name in @word; how many.
 */
static int long_candidates(const struct option *longs, const char *word, char *buf,
			   size_t len)
{
	size_t n = long_name_len(word), at = 0;
	int i, found = 0, total = 0;

	for (i = 0; longs[i].name; i++)
		total += candidate(&longs[i], word, n);
	buf[0] = '\0';
	for (i = 0; longs[i].name && at < len; i++) {
		if (!candidate(&longs[i], word, n))
			continue;
		found++;
		at += snprintf(buf + at, len - at, "%s--%s",
			       found == 1 ? "" : found == total ? " or " : ", ", longs[i].name);
	}
	return total;
}

/*
 * getopt_long takes a unique prefix of a long option for the option: a
 * typo or an old script would then set another option silently. A long
 * option is written whole; a prefix is refused, naming what it could be.
 */
static int abbreviated(const struct option *longs, int index, const char *word)
{
	char could[256], *shown __shown = NULL;

	if (index < 0 || strncmp(word, "--", 2) ||
	    long_name_len(word) == strlen(longs[index].name))
		return 0;
	long_candidates(longs, word, could, sizeof(could));
	shown = log_arg(word);
	err_msg("unknown option '%s': long options are written whole (%s?)", shown, could);
	return -1;
}

#define TYPO_MAX	64	/* a longer word is no typo of a name */

/* The edits of one letter, or of two swapped, that make @a of @b (both under TYPO_MAX). */
static size_t edits(const char *a, size_t la, const char *b, size_t lb)
{
	unsigned char d[TYPO_MAX + 1][TYPO_MAX + 1];
	size_t i, j, best;

	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1u < best)
				best = d[i - 1][j] + 1u;
			if (d[i][j - 1] + 1u < best)
				best = d[i][j - 1] + 1u;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1u < best)
				best = d[i - 2][j - 2] + 1u;
			d[i][j] = best;
		}
	}
	return d[la][lb];
}

const char *opt_closest(const char *word, const char *const *words, size_t n)
{
	size_t lw = strlen(word), len, i, d, best = TYPO_MAX;
	const char *found = NULL;

	for (i = 0; lw < TYPO_MAX && i < n; i++) {
		len = strlen(words[i]);
		if (len >= TYPO_MAX)
			continue;
		d = edits(word, lw, words[i], len);
		if (d < best && d * 3 <= len) {
			best = d;
			found = words[i];
		}
	}
	return found;
}

/* the long option of @longs that the name in @word ("--durtion=5") is a typo of, or NULL */
static const char *closest_long(const struct option *longs, const char *word)
{
	const char *names[2 * OPT_MAX + 2];
	size_t len = long_name_len(word), n;
	char name[TYPO_MAX];

	if (len >= sizeof(name))
		return NULL;
	memcpy(name, word + 2, len);
	name[len] = '\0';
	for (n = 0; longs[n].name; n++)
		names[n] = longs[n].name;
	return opt_closest(name, names, n);
}

/* "--cpu": what the long option in @word could be, or is a typo of */
static void unknown_long(const struct option *longs, const char *word, const char *shown)
{
	char could[256];
	const char *meant;

	if (long_candidates(longs, word, could, sizeof(could)))
		err_msg("unknown option '%s': it could be %s", shown, could);
	else if ((meant = closest_long(longs, word)))
		err_msg("unknown option '%s': did you mean '--%s'?", shown, meant);
	else
		err_msg("unknown option '%s'", shown);
}

/* "unknown option '--plot': only osnoise hist and timerlat hist take it" */
static void unknown_option(const struct opt_table *t, const struct option *longs, char **argv,
			   const char *shorts)
{
	bool letter = unknown_letter(shorts);
	char which[128] = "", name[3] = { '-', (char)optopt, '\0' };
	char *shown __shown = NULL;
	unsigned int cmds = 0, left;
	size_t i, at = 0;

	for (i = 0; i < t->nr_opts; i++)
		if (names_opt(t, &t->opts[i], argv[optind - 1], letter ? optopt : 0, NULL))
			cmds |= t->opts[i].cmds;
	left = __builtin_popcount(cmds);
	for (i = 0; i < NR_COMMANDS; i++)
		if (cmds & CMD_BIT(i))
			at += snprintf(which + at, sizeof(which) - at, "%s%s", commands[i].name,
				       --left > 1 ? ", " : left ? " and " : "");
	shown = log_arg(letter ? name : argv[optind - 1]);
	if (cmds)
		err_msg("unknown option '%s': only %s take%s it", shown, which,
			__builtin_popcount(cmds) == 1 ? "s" : "");
	else if (!letter && !strncmp(argv[optind - 1], "--", 2))
		unknown_long(longs, argv[optind - 1], shown);
	else
		err_msg("unknown option '%s'", shown);
}

/* "trigger=X" for --trigger X */
static void meant_option(const char *shown, const char *option, const char *value)
{
	char *value_shown __shown = log_arg(value);

	err_msg("unexpected argument '%s': an option of the -e event before it is written "
		"--%s '%s' (rtla ignores the argument; rtlens refuses it)", shown, option,
		value_shown);
}

/*
 * A word the command does not take. "trigger=..." and "filter=..." after
 * -e look like --trigger and --filter, as rtla's own hwnoise test writes
 * them (rtla ignores the word): said so where the command takes those.
 */
static void stray_argument(const struct opt_table *t, unsigned int bit, const char *arg)
{
	static const char *const meant[] = { "trigger", "filter" };
	char *shown __shown = log_arg(arg), *eq = strchr(arg, '=');
	size_t i, j;

	for (i = 0; eq && i < sizeof(meant) / sizeof(meant[0]); i++) {
		if ((size_t)(eq - arg) != strlen(meant[i]) || strncmp(arg, meant[i], eq - arg))
			continue;
		for (j = 0; j < t->nr_opts; j++)
			if (takes(&t->opts[j], bit) && !strcmp(t->opts[j].name, meant[i])) {
				meant_option(shown, meant[i], eq + 1);
				return;
			}
	}
	err_msg("unexpected argument '%s'", shown);
}

static int take_operand(const struct opt_table *t, unsigned int bit, void *ctx,
			const char *arg)
{
	char *shown __shown = NULL;
	const char *why = NULL;

	if (!t->operand) {
		stray_argument(t, bit, arg);
		return -1;
	}
	if (!t->operand(ctx, arg, &why))
		return 0;
	shown = log_arg(arg);
	err_msg("unexpected argument '%s'%s%s", shown, why ? ": " : "",
		why ? why : "");
	return -1;
}

/* getopt's refusal: a value missing, a value to an option without one, an option unknown */
static void refused(const struct opt_table *t, unsigned int bit, const struct option *longs,
		    int c, char **argv, const char *shorts)
{
	bool negated = false;
	const struct opt_desc *flag = c == '?' ? flag_with_value(t, bit, argv[optind - 1],
								  &negated) : NULL;
	char *shown __shown = NULL;

	if (c == ':') {
		shown = log_arg(argv[optind - 1]);
		err_msg("option '%s' needs a value", shown);
	} else if (flag) {
		no_value(flag, negated);
	} else {
		unknown_option(t, longs, argv, shorts);
	}
}

enum opts_result opt_parse(const struct command *cmd, const struct opt_table *t, void *ctx,
			   int argc, char **argv)
{
	unsigned int bit = command_opt_bit(cmd);
	struct option longs[2 * OPT_MAX + 2];
	char shorts[OPT_MAX * 3 + 4];
	const struct opt_desc *o;
	neg_names negs;
	bool negated;
	int c, index, at;

	if (build_getopt(t, bit, longs, shorts, negs)) {
		err_msg("%s has more than %d options, or a name of more than %d bytes",
			cmd->name, OPT_MAX, OPT_NAME_MAX - 4);
		return OPTS_ERROR;
	}
	/* 0, not 1: glibc then forgets the previous parse (a cluster half read) */
	optind = 0;
	opterr = 0;
	for (;;) {
		index = -1;
		at = optind ? optind : 1;	/* the word getopt reads next */
		c = getopt_long(argc, argv, shorts, longs, &index);
		if (c == -1)
			break;
		if (c != '?' && c != ':' && at < argc && abbreviated(longs, index, argv[at]))
			return bad_usage(cmd, t);
		if (c == OPT_HELP) {
			opt_usage(cmd, t, stdout);
			return OPTS_HELP;
		}
		if (c == '?' || c == ':') {
			refused(t, bit, longs, c, argv, shorts);
			return bad_usage(cmd, t);
		}
		if (c == OPT_OPERAND) {
			if (take_operand(t, bit, ctx, optarg))
				return bad_usage(cmd, t);
			continue;
		}
		o = find_opt(t, bit, c, &negated);
		if (!o || value_after_flag(t, o, negated, argc, argv) ||
		    apply_opt(o, negated, ctx, argc, argv))
			return bad_usage(cmd, t);
	}
	for (; optind < argc; optind++)
		if (take_operand(t, bit, ctx, argv[optind]))
			return bad_usage(cmd, t);
	return OPTS_OK;
}
