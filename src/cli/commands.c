// SPDX-License-Identifier: GPL-2.0
/*
 * commands - every rtlens command, in the order of the help
 */
#include <string.h>

#include "cli/commands.h"

const struct command commands[NR_COMMANDS] = {
	[CMD_OSNOISE_TOP] = { "osnoise top", &tool_osnoise, MODE_TOP, NULL, &measuring_opts,
		"a per-cpu summary of the OS noise" },
	[CMD_OSNOISE_HIST] = { "osnoise hist", &tool_osnoise, MODE_HIST, NULL, &measuring_opts,
		"a per-cpu histogram of the OS noise" },
	[CMD_TIMERLAT_TOP] = { "timerlat top", &tool_timerlat, MODE_TOP, NULL, &measuring_opts,
		"a per-cpu summary of the timer latency" },
	[CMD_TIMERLAT_HIST] = { "timerlat hist", &tool_timerlat, MODE_HIST, NULL, &measuring_opts,
		"a per-cpu histogram of the timer latency" },
	[CMD_HWNOISE] = { "hwnoise", &tool_hwnoise, MODE_TOP, NULL, &measuring_opts,
		"a summary of hardware-related noise (osnoise with IRQs disabled)" },
	[CMD_HWLAT_TOP] = { "hwlat top", &tool_hwlat, MODE_TOP, NULL, &measuring_opts,
		"a per-cpu summary of the hardware latency (the hwlat tracer)" },
	[CMD_HWLAT_HIST] = { "hwlat hist", &tool_hwlat, MODE_HIST, NULL, &measuring_opts,
		"a per-cpu histogram of the hardware latency" },
	[CMD_CHECK] = { "check", NULL, MODE_TOP, check_main, &check_table,
		"is the system set up for low latency? (nothing is measured)" },
	[CMD_COMPARE] = { "compare", NULL, MODE_TOP, compare_main, &compare_table,
		"two JSON reports of one tool side by side" },
	[CMD_MERGE] = { "merge", NULL, MODE_TOP, merge_main, &merge_table,
		"many nodes' JSON reports of one tool together" },
	[CMD_TIMESYNC] = { "timesync", NULL, MODE_TOP, timesync_main, &timesync_table,
		"on a VM's host: answer the time round trips of a guest's --host-sync" },
	[CMD_HWLATDETECT] = { "hwlatdetect", NULL, MODE_TOP, hwlatdetect_main, &hwlatdetect_table,
		"hwlat with the options, output and exit status of rt-tests' hwlatdetect" },
};

const char *const builtin_words[NR_BUILTIN_WORDS] = {
	[WORD_HELP]	= "help",
	[WORD_VERSION]	= "version",
};

const char *command_mode_word(const struct command *cmd)
{
	static const char *const words[NR_MODES] = { [MODE_TOP] = "top", [MODE_HIST] = "hist" };

	return words[cmd->mode];
}

const struct command *command_of_tool(const char *tool, const char *mode)
{
	size_t i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (commands[i].desc && !strcmp(commands[i].desc->name, tool) &&
		    !strcmp(command_mode_word(&commands[i]), mode))
			return &commands[i];
	return NULL;
}

const struct command *command_of_desc(const struct tool_desc *desc, enum rtl_mode mode)
{
	size_t i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (commands[i].desc == desc && commands[i].mode == mode)
			return &commands[i];
	return NULL;
}

const struct command *command_offline(const char *name)
{
	size_t i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (!commands[i].desc && !strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

unsigned int command_opt_bit(const struct command *cmd)
{
	size_t i;

	for (i = 0; cmd->desc && i < NR_COMMANDS; i++)
		if (commands[i].desc && commands[i].desc->tool == cmd->desc->tool &&
		    commands[i].mode == cmd->mode)
			return CMD_BIT(i);
	return CMD_BIT(cmd - commands);
}
