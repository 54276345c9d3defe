// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_kconfig - the kernel's build options that matter for latency,
 * from /boot/config-$(uname -r) or /proc/config.gz (zlib reads both), else
 * what uname -v and /sys/kernel/realtime tell
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <zlib.h>

#include "source/machine/tuning_parts.h"

struct kconfig_bool {
	const char	*name;
	size_t		offset;
};

#define KB(name, field)	{ name, offsetof(struct kernel_config, field) }

static const struct kconfig_bool bools[] = {
	KB("CONFIG_NO_HZ_FULL", no_hz_full),
	KB("CONFIG_RCU_NOCB_CPU", rcu_nocb_cpu),
	KB("CONFIG_RCU_LAZY", rcu_lazy),
	KB("CONFIG_RCU_NOCB_CPU_DEFAULT_ALL", rcu_nocb_default_all),
	KB("CONFIG_PREEMPT_RT", preempt_rt),
};

static const struct {
	const char	*option;
	const char	*model;
} models[] = {
	{ "CONFIG_PREEMPT_RT", "rt" },
	{ "CONFIG_PREEMPT", "full" },
	{ "CONFIG_PREEMPT_LAZY", "lazy" },
	{ "CONFIG_PREEMPT_VOLUNTARY", "voluntary" },
	{ "CONFIG_PREEMPT_NONE", "none" },
};

static void set_model(struct kernel_config *c, const char *model)
{
	size_t i;

	/* the first in models[] that is set wins: rt over full over ... */
	for (i = 0; i < sizeof(models) / sizeof(models[0]); i++) {
		if (!strcmp(c->preempt, models[i].model))
			return;
		if (!strcmp(model, models[i].model))
			break;
	}
	snprintf(c->preempt, sizeof(c->preempt), "%s", model);
}

void kconfig_parse_line(struct kernel_config *c, const char *line)
{
	const char *eq = strchr(line, '=');
	size_t i, nlen;
	bool yes;

	if (!eq || strncmp(line, "CONFIG_", 7))
		return;
	nlen = eq - line;
	yes = eq[1] == 'y';
	for (i = 0; i < sizeof(bools) / sizeof(bools[0]); i++)
		if (strlen(bools[i].name) == nlen && !strncmp(line, bools[i].name, nlen))
			*(enum tri *)((char *)c + bools[i].offset) = yes ? TRI_YES : TRI_NO;
	if (nlen == 9 && !strncmp(line, "CONFIG_HZ", 9))
		c->hz = atoi(eq + 1);
	if (nlen == 22 && !strncmp(line, "CONFIG_PREEMPT_DYNAMIC", 22) && yes)
		c->preempt_dynamic = true;
	for (i = 0; i < sizeof(models) / sizeof(models[0]); i++)
		if (yes && strlen(models[i].option) == nlen &&
		    !strncmp(line, models[i].option, nlen))
			set_model(c, models[i].model);
}

void kconfig_finish(struct kernel_config *c)
{
	/* a config was read: what it does not set is off */
	if (c->source[0]) {
		if (c->no_hz_full == TRI_UNKNOWN)
			c->no_hz_full = TRI_NO;
		if (c->rcu_nocb_cpu == TRI_UNKNOWN)
			c->rcu_nocb_cpu = TRI_NO;
		if (c->rcu_lazy == TRI_UNKNOWN)
			c->rcu_lazy = TRI_NO;
		if (c->rcu_nocb_default_all == TRI_UNKNOWN)
			c->rcu_nocb_default_all = TRI_NO;
		if (c->preempt_rt == TRI_UNKNOWN)
			c->preempt_rt = TRI_NO;
	}
	if (!c->preempt[0])
		snprintf(c->preempt, sizeof(c->preempt), "unknown");
}

static int read_config(struct kernel_config *c, const char *path)
{
	gzFile f = gzopen(path, "rb");
	char line[512];

	if (!f)
		return -1;
	snprintf(c->source, sizeof(c->source), "%s", path);
	while (gzgets(f, line, sizeof(line)))
		kconfig_parse_line(c, line);
	gzclose(f);
	return 0;
}

/* no config file: "PREEMPT_RT" or "PREEMPT_DYNAMIC" in uname -v, /sys/kernel/realtime */
static void from_uname(struct kernel_config *c, const struct utsname *u)
{
	char rt[8];

	if (!tuning_read("/sys/kernel/realtime", rt, sizeof(rt)) && rt[0] == '1')
		c->preempt_rt = TRI_YES;
	if (strstr(u->version, "PREEMPT_RT"))
		c->preempt_rt = TRI_YES;
	if (c->preempt_rt == TRI_YES)
		set_model(c, "rt");
	else if (strstr(u->version, "PREEMPT_DYNAMIC"))
		c->preempt_dynamic = true;
	else if (strstr(u->version, "PREEMPT"))
		set_model(c, "full");
}

void kconfig_read(struct kernel_config *c)
{
	char path[128 + 65];
	struct utsname u;

	memset(c, 0, sizeof(*c));
	c->no_hz_full = c->rcu_nocb_cpu = c->rcu_lazy = c->preempt_rt = TRI_UNKNOWN;
	c->rcu_nocb_default_all = TRI_UNKNOWN;
	if (uname(&u))
		memset(&u, 0, sizeof(u));
	snprintf(path, sizeof(path), "/boot/config-%s", u.release);
	if (read_config(c, path) && read_config(c, "/proc/config.gz"))
		from_uname(c, &u);
	kconfig_finish(c);
}
