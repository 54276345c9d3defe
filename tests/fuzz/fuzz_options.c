// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_options - the option parser of every command
 *
 * Input: one byte that picks the command and the number of CPUs, then the
 * words of argv (after the mode word), separated by NUL bytes.
 */
#include <stdbool.h>

#include "fuzz.h"
#include "base/log.h"
#include "cli/options.h"

#define MAX_WORDS	64

/* the measuring commands: the first of the command table */
#define NR_MEASURING	(CMD_HWNOISE + 1)

/* Split @buf (@len bytes, NUL at buf[len]) at NUL bytes, after argv[0]; none if empty. */
static int split_words(char *buf, size_t len, char **argv, const char *mode)
{
	int argc = 0;
	size_t at = 0;

	argv[argc++] = (char *)mode;
	while (len && at <= len && argc < MAX_WORDS) {
		argv[argc++] = buf + at;
		at += strlen(buf + at) + 1;
	}
	argv[argc] = NULL;
	return argc;
}

/* What a parse that succeeded promises the session. */
static void check_params(const struct rtl_params *p)
{
	fuzz_assert(p->bucket_size >= 1 && p->entries >= 1);
	fuzz_assert(cpu_mask_count(&p->cpus) > 0);
	fuzz_assert(!p->period_us || !p->runtime_us || p->runtime_us <= p->period_us);
	fuzz_assert(!(p->user_threads && p->kernel_threads));
	fuzz_assert(p->nr_events >= 0 && (!p->nr_events || p->events));
}

static void parse_one(const struct command *cmd, int nr_cpus, int argc, char **argv)
{
	struct rtl_params p;

	params_init_tool(&p, cmd->desc, cmd->mode, cmd->name, nr_cpus);
	if (options_parse(&p, argc, argv) == OPTS_OK) {
		check_params(&p);
		params_analysis_on(&p);
	}
	params_free(&p);
	log_set_debug(false);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct command *cmd;
	char *argv[MAX_WORDS + 1], *buf;
	int argc;

	if (!size)
		return 0;
	cmd = &commands[data[0] % NR_MEASURING];
	buf = malloc(size);
	if (!buf)
		return 0;
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	argc = split_words(buf, size - 1, argv, command_mode_word(cmd));
	parse_one(cmd, 1 + data[0] / NR_MEASURING % 64, argc, argv);
	free(buf);
	return 0;
}
