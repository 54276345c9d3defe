// SPDX-License-Identifier: GPL-2.0
/*
 * formats - the event formats a session decodes, and kernel symbols.
 *
 * libtracefs's tracefs_local_events_system() also parses /proc/kallsyms,
 * saved_cmdlines and printk_formats on every call: on a rt kernel under
 * TCG that was 0.65 s of CPU at each start, more than the rest of a 10 s
 * run. rtlens decodes none of them but kernel symbols, which it loads only
 * for the records that hold addresses (decoder_set_symbols()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event-parse.h>
#include <tracefs.h>

#include "base/log.h"
#include "decode/decode.h"
#include "source/engine/formats.h"

static int load_header(struct tep_handle *tep)
{
	int size = 0;
	char *buf = tracefs_instance_file_read(NULL, "events/header_page", &size);
	int ret = buf && size > 0 ? tep_parse_header_page(tep, buf, size, sizeof(long)) : -1;

	free(buf);
	return ret;
}

static int load_event(struct tep_handle *tep, const char *system, const char *event)
{
	int size = 0, ret = -1;
	char *buf = tracefs_event_file_read(NULL, system, event, "format", &size);

	if (buf && size > 0)
		ret = tep_parse_event(tep, buf, size, system) ? -1 : 0;
	free(buf);
	return ret;
}

/*
 * Every event of @system that parses: one the kernel formats in a way
 * libtraceevent cannot read is left out, and the decoder names it if it
 * was needed.
 */
static void load_system(struct tep_handle *tep, const char *system)
{
	char **events = tracefs_system_events(NULL, system);
	int i;

	for (i = 0; events && events[i]; i++)
		if (load_event(tep, system, events[i]))
			debug_msg("the format of %s:%s does not parse: left out", system,
				  events[i]);
	tracefs_list_free(events);
}

/* kvm:kvm_exit's format into @tep: -1 when it cannot be read or is not x86's */
static int load_kvm_exit(struct tep_handle *tep)
{
	return load_event(tep, "kvm", "kvm_exit") || !kvm_exit_usable(tep) ? -1 : 0;
}

/* kvm:kvm_entry and kvm:kvm_userspace_exit too: -1 when they are not x86's */
static int load_kvm_vcpu(struct tep_handle *tep)
{
	return load_event(tep, "kvm", "kvm_entry") ||
	       load_event(tep, "kvm", "kvm_userspace_exit") || !kvm_vcpu_usable(tep) ? -1 : 0;
}

struct tep_handle *formats_load(const char **systems, bool kvm_exit, bool kvm_vcpu)
{
	struct tep_handle *tep = tep_alloc();
	int i;

	if (!tep || load_header(tep)) {
		err_msg("cannot read the ring buffer's page format (events/header_page) from "
			"tracefs: %s", strerror(errno ? errno : EINVAL));
		tep_free(tep);
		return NULL;
	}
	for (i = 0; systems[i]; i++)
		load_system(tep, systems[i]);
	if (kvm_exit && load_kvm_exit(tep)) {
		err_msg("cannot read the format of kvm:kvm_exit from tracefs: %s",
			strerror(errno));
		tep_free(tep);
		return NULL;
	}
	if (kvm_vcpu && load_kvm_vcpu(tep)) {
		err_msg("cannot read the format of kvm:kvm_entry or kvm:kvm_userspace_exit "
			"from tracefs: %s", strerror(errno));
		tep_free(tep);
		return NULL;
	}
	tep_set_long_size(tep, tep_get_header_page_size(tep));
	tep_set_cpus(tep, (int)sysconf(_SC_NPROCESSORS_CONF));
	return tep;
}

/* kvm:kvm_exit, and with @vcpu its way back: loaded into a tep of their own */
static bool kvm_loads(bool vcpu)
{
	struct tep_handle *tep = tep_alloc();
	bool usable = tep && !load_kvm_exit(tep) && (!vcpu || !load_kvm_vcpu(tep));

	tep_free(tep);
	return usable;
}

bool formats_kvm_exit_decodable(void)
{
	static int usable = -1;

	if (usable >= 0)
		return usable;
	usable = tracefs_event_file_exists(NULL, "kvm", "kvm_exit", "format") && kvm_loads(false);
	if (!usable && tracefs_event_file_exists(NULL, "kvm", "kvm_exit", "format"))
		debug_msg("kvm:kvm_exit is not x86's (no vcpu_id, exit_reason, isa): "
			  "KVM exits not traced");
	return usable;
}

bool formats_kvm_vcpu_decodable(void)
{
	static int usable = -1;

	if (usable >= 0)
		return usable;
	usable = formats_kvm_exit_decodable() &&
		 tracefs_event_file_exists(NULL, "kvm", "kvm_entry", "format") &&
		 tracefs_event_file_exists(NULL, "kvm", "kvm_userspace_exit", "format") &&
		 kvm_loads(true);
	if (!usable && formats_kvm_exit_decodable())
		debug_msg("no x86 kvm:kvm_entry and kvm_userspace_exit: vCPU threads not "
			  "followed");
	return usable;
}

void formats_comm(struct tep_handle *tep, int pid, char *buf, size_t size)
{
	const char *comm = tep_data_comm_from_pid(tep, pid);

	snprintf(buf, size, "%s", comm && strcmp(comm, "<...>") ? comm : "");
}

#define FORMATS_LATE_SYMBOLS	32

struct late_symbol {
	uint64_t	addr;
	bool		found;
	char		name[128];
};

/* the function of /proc/kallsyms that starts at @addr into @s */
static void kallsyms_find(struct late_symbol *s)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	unsigned long long a;
	char type, name[128];

	while (f && fscanf(f, "%llx %c %127s%*[^\n]", &a, &type, name) == 3) {
		if (a == s->addr && (type == 't' || type == 'T')) {
			snprintf(s->name, sizeof(s->name), "%s", name);
			s->found = true;
			break;
		}
	}
	if (f)
		fclose(f);
}

const char *formats_late_symbol(uint64_t addr)
{
	static struct late_symbol cache[FORMATS_LATE_SYMBOLS];
	static unsigned int used;
	struct late_symbol *s;
	unsigned int i;

	for (i = 0; i < used; i++)
		if (cache[i].addr == addr)
			return cache[i].found ? cache[i].name : NULL;
	if (used == FORMATS_LATE_SYMBOLS)	/* the names handed out stay: no more */
		return NULL;
	s = &cache[used++];
	s->addr = addr;
	kallsyms_find(s);
	debug_msg("%#llx: %s in /proc/kallsyms", (unsigned long long)addr,
		  s->found ? s->name : "not");
	return s->found ? s->name : NULL;
}

void formats_load_kallsyms(struct tep_handle *tep)
{
	char *buf = NULL;
	size_t len = 0, n;
	char chunk[65536];
	FILE *f = fopen("/proc/kallsyms", "r"), *mem = open_memstream(&buf, &len);

	while (f && mem && (n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		fwrite(chunk, 1, n, mem);
	if (mem)
		fclose(mem);
	if (f)
		fclose(f);
	if (!buf || tep_parse_kallsyms(tep, buf))
		warn_msg("cannot read /proc/kallsyms: kernel functions will show as addresses");
	else
		debug_msg("kernel symbols read (/proc/kallsyms)");
	free(buf);
}
