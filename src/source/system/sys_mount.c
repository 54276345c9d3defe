// SPDX-License-Identifier: GPL-2.0
/*
 * sys_mount - tracefs mounted for the run where it was not, and undone
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/log.h"
#include "source/system/sys_mount.h"

/* "tracefs MOUNT_POINT NS ID": the only note rtlens writes */
#define NOTE_FMT	"tracefs " SYS_MOUNT_POINT " %llu %d\n"

static unsigned long long mount_ns(void)
{
	struct stat st;

	return stat("/proc/self/ns/mnt", &st) ? 0 : (unsigned long long)st.st_ino;
}

/*
 * The id of the tracefs mount on top of SYS_MOUNT_POINT (-1 if none), and
 * whether a tracing directory is mounted anywhere (tracefs, or debugfs
 * whose tracing/ the kernel mounts on first use): what libtracefs looks for.
 */
static int mount_scan(bool *tracing)
{
	char line[8192], point[4096], *dash;
	int id, found = -1;
	FILE *f = fopen("/proc/self/mountinfo", "re");

	*tracing = false;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		dash = strstr(line, " - ");
		if (!dash || sscanf(line, "%d %*d %*s %*s %4095s", &id, point) != 2)
			continue;
		if (!strncmp(dash, " - debugfs ", 11))
			*tracing = true;
		if (strncmp(dash, " - tracefs ", 11))
			continue;
		*tracing = true;
		if (!strcmp(point, SYS_MOUNT_POINT))
			found = id;	/* the last one is on top */
	}
	fclose(f);
	return found;
}

static int mount_id(void)
{
	bool tracing;

	return mount_scan(&tracing);
}

static int write_note(const struct sys_mount *m)
{
	char text[sizeof(NOTE_FMT) + 48];
	int len = snprintf(text, sizeof(text), NOTE_FMT, m->ns, m->id);
	int fd = open(m->note, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0 || write(fd, text, len) != len) {
		err_msg("cannot write %s (the note that rtlens mounted tracefs): %s",
			m->note, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return close(fd);
}

/*
 * A killed run's note: take its mount over if it is this namespace's and
 * still there.
 */
static void take_note(struct sys_mount *m)
{
	unsigned long long ns;
	char text[256];
	ssize_t n;
	int id, now, fd = open(m->note, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	text[n > 0 ? n : 0] = '\0';
	now = mount_id();
	/* id -1: killed between its mount and the note's id, the mount is the one there */
	if (sscanf(text, NOTE_FMT, &ns, &id) != 2 || ns != m->ns || now < 0 ||
	    (id != -1 && id != now)) {
		debug_msg("%s: not a mount of this namespace that is still there: left alone",
			  m->note);
		return;
	}
	info_msg("tracefs was mounted by a killed session: it is unmounted at the end");
	m->ours = true;
	m->id = now;
}

int sys_mount_begin(struct sys_mount *m)
{
	bool tracing;

	m->ours = false;
	m->ns = mount_ns();
	m->id = -1;
	take_note(m);
	mount_scan(&tracing);
	if (m->ours || tracing)
		return 0;
	/* the note first: a run killed right after the mount still has it */
	if (write_note(m))
		return -1;
	if (mount("nodev", SYS_MOUNT_POINT, "tracefs", 0, NULL)) {
		err_msg("tracefs is not mounted, and mounting it at %s failed: %s "
			"(mount it with 'mount -t tracefs nodev %s', as root)",
			SYS_MOUNT_POINT, strerror(errno), SYS_MOUNT_POINT);
		unlink(m->note);
		return -1;
	}
	m->ours = true;
	m->id = mount_id();
	debug_msg("tracefs was not mounted: mounted at %s (id %d) for this run",
		  SYS_MOUNT_POINT, m->id);
	return write_note(m) ? -1 : 0;
}

void sys_mount_end(struct sys_mount *m)
{
	if (!m->ours)
		return;
	m->ours = false;
	/* unmounted, or another one mounted over it meanwhile: not ours to touch */
	if (mount_id() != m->id) {
		unlink(m->note);
		return;
	}
	if (umount2(SYS_MOUNT_POINT, UMOUNT_NOFOLLOW)) {
		warn_msg("tracefs stays mounted at %s, where rtlens mounted it for this run: %s "
			 "(another program uses it); unmount it when that one is done: umount %s",
			 SYS_MOUNT_POINT, strerror(errno), SYS_MOUNT_POINT);
		unlink(m->note);
		return;
	}
	debug_msg("tracefs unmounted from %s", SYS_MOUNT_POINT);
	unlink(m->note);
}
