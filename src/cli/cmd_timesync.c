// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_timesync - rtlens timesync [-q] CHANNEL: on a VM's host, answer the
 * time round trips a guest's --host-sync makes, over CHANNEL (the host's
 * end of the guest's serial or virtio-serial port: QEMU's chardev unix
 * socket, or a pty), until the guest's end closes or a signal comes
 */
#include <stdbool.h>

#include "base/log.h"
#include "cli/commands.h"
#include "cli/opt_parse.h"
#include "session/run.h"

struct timesync_args {
	const char	*channel;
	bool		quiet;
};

static int take_channel(void *ctx, const char *arg, const char **why)
{
	struct timesync_args *a = ctx;

	if (a->channel) {
		*why = "one channel at a time (start one rtlens timesync per guest)";
		return -1;
	}
	a->channel = arg;
	return 0;
}

#define TIMESYNC	CMD_BIT(CMD_TIMESYNC)

static const struct opt_desc timesync_opts[] = {
	{ .name = "quiet", .short_name = 'q', .cmds = TIMESYNC,
	  .help = "print nothing when the guest is gone",
	  OPT_FLAG(struct timesync_args, quiet) },
};

const struct opt_table timesync_table = {
	.opts		= timesync_opts,
	.nr_opts	= sizeof(timesync_opts) / sizeof(timesync_opts[0]),
	.synopsis	= "[-q] CHANNEL",
	.operands	= "\t  CHANNEL: the host's end of the guest's --host-sync device: the unix\n"
			  "\t\tsocket of QEMU's chardev (-chardev socket,path=...,server=on), or a\n"
			  "\t\tpty or device\n",
	.exit_status	= "0 the guest's end closed, or a signal; 1 error",
	.operand	= take_channel,
};

int timesync_main(const struct command *cmd, int argc, char **argv)
{
	struct timesync_args args = { 0 };
	enum opts_result parsed;

	parsed = opt_parse(cmd, &timesync_table, &args, argc, argv);
	if (parsed == OPTS_HELP)
		return 0;
	if (parsed != OPTS_OK)
		return 1;
	if (!args.channel) {
		opt_usage_error(cmd, &timesync_table,
				"no channel: rtlens timesync CHANNEL (the guest's --host-sync "
				"port, on the host)");
		return 1;
	}
	return run_timesync(args.channel, args.quiet);
}
