// SPDX-License-Identifier: GPL-2.0
/*
 * sysstate - save before write, restore on every exit path, and recover
 * after a run that was killed
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cpuidle.h>
#include <tracefs.h>

#include "base/log.h"
#include "source/system/state_record.h"
#include "source/system/sys_mount.h"
#include "source/system/system.h"

#define MAX_SAVED	32
#define MAX_INSTANCES	8

struct saved_file {
	char			*file;
	char			*content;
	enum restore_kind	kind;
};

struct sys_state {
	struct saved_file	saved[MAX_SAVED];
	int			nr_saved;
	char			*instances[MAX_INSTANCES];
	int			nr_instances;
	int			lock_fd;
	bool			locked;		/* this session holds the lock */
	bool			dirty;		/* a record is on disk */
	struct sys_mount	mount_made;	/* tracefs, if rtlens mounted it */
	/* the run directory and its files, whole however long $RTLENS_RUN_DIR is */
	char			*dir, *state, *state_tmp, *lock, *mount;
};

static void free_paths(struct sys_state *s)
{
	free(s->dir);
	free(s->state);
	free(s->state_tmp);
	free(s->lock);
	free(s->mount);
}

static int set_paths(struct sys_state *s, const char *dir)
{
	s->dir = strdup(dir);
	if (!s->dir || asprintf(&s->state, "%s/state", dir) < 0 ||
	    asprintf(&s->state_tmp, "%s/state.tmp", dir) < 0 ||
	    asprintf(&s->lock, "%s/lock", dir) < 0 ||
	    asprintf(&s->mount, "%s/mount", dir) < 0)
		return -1;
	s->mount_made.note = s->mount;
	return 0;
}

struct sys_state *sysstate_new(void)
{
	struct sys_state *s = calloc(1, sizeof(*s));
	const char *dir = getenv("RTLENS_RUN_DIR");

	if (!s)
		goto nomem;
	s->lock_fd = -1;
	if (set_paths(s, dir && *dir ? dir : "/run/rtlens"))
		goto nomem;
	return s;
nomem:
	err_msg("out of memory");
	sysstate_free(s);
	return NULL;
}

static void clear_saved(struct sys_state *s)
{
	int i;

	for (i = 0; i < s->nr_saved; i++) {
		free(s->saved[i].file);
		free(s->saved[i].content);
	}
	for (i = 0; i < s->nr_instances; i++)
		free(s->instances[i]);
	s->nr_saved = 0;
	s->nr_instances = 0;
}

char *sysstate_read_text(const char *file)
{
	return tracefs_instance_file_read(NULL, file, NULL);
}

uint64_t sysstate_read_u64(const char *file)
{
	char *text = sysstate_read_text(file);
	uint64_t val = text ? strtoull(text, NULL, 10) : 0;

	free(text);
	return val;
}

/* ---- the on-disk record ---- */

static int write_record(struct sys_state *s)
{
	FILE *f;
	int i;

	f = fopen(s->state_tmp, "w");
	if (!f) {
		err_msg("cannot write the state record %s: %s", s->state_tmp, strerror(errno));
		return -1;
	}
	fprintf(f, "%s\npid %d\n", STATE_MAGIC, (int)getpid());
	for (i = 0; i < s->nr_instances; i++)
		fprintf(f, "instance %s\n", s->instances[i]);
	for (i = 0; i < s->nr_saved; i++) {
		fprintf(f, "file %d %s ", s->saved[i].kind, s->saved[i].file);
		state_record_put_hex(f, s->saved[i].content);
		fputc('\n', f);
	}
	if (fclose(f) || rename(s->state_tmp, s->state)) {
		err_msg("cannot write the state record %s: %s", s->state, strerror(errno));
		unlink(s->state_tmp);
		return -1;
	}
	s->dirty = true;
	return 0;
}

static void remove_record(struct sys_state *s)
{
	unlink(s->state);
	s->dirty = false;
}

static int add_saved(struct sys_state *s, const char *file, char *content,
		     enum restore_kind kind)
{
	struct saved_file *sf;

	if (s->nr_saved == MAX_SAVED) {
		free(content);
		return -1;
	}
	sf = &s->saved[s->nr_saved];
	sf->file = strdup(file);
	sf->content = content;
	sf->kind = kind;
	if (!sf->file) {
		free(content);
		return -1;
	}
	s->nr_saved++;
	return 0;
}

static int add_instance(struct sys_state *s, const char *name)
{
	if (s->nr_instances == MAX_INSTANCES)
		return -1;
	s->instances[s->nr_instances] = strdup(name);
	if (!s->instances[s->nr_instances])
		return -1;
	s->nr_instances++;
	return 0;
}

static int take_line(struct sys_state *s, const struct state_line *l, int *pid, const char **why)
{
	int ret = 0;

	switch (l->kind) {
	case STATE_LINE_MAGIC:
		break;
	case STATE_LINE_PID:
		*pid = l->pid;
		break;
	case STATE_LINE_INSTANCE:
		ret = add_instance(s, l->name);
		break;
	case STATE_LINE_FILE:
		ret = add_saved(s, l->name, l->content, l->restore);
		break;
	}
	if (ret)
		*why = "more items than a session saves";
	return ret;
}

/*
 * Read a record into @s; -1 with the line number and the reason when a
 * line is not one rtlens writes (then nothing of it is to be used).
 */
static int load_record(struct sys_state *s, FILE *f, int *pid, int *line_no, const char **why)
{
	char line[STATE_LINE_MAX];
	struct state_line l;

	for (*line_no = 1; fgets(line, sizeof(line), f); (*line_no)++) {
		if (!strchr(line, '\n') && !feof(f)) {
			*why = "the line is too long";
			return -1;
		}
		if (state_record_parse_line(line, &l, why))
			return -1;
		if ((*line_no == 1) != (l.kind == STATE_LINE_MAGIC)) {
			*why = "a record starts with '" STATE_MAGIC "', once";
			free(l.content);
			return -1;
		}
		if (take_line(s, &l, pid, why))
			return -1;
	}
	if (*line_no == 1) {
		*why = "the record is empty";
		return -1;
	}
	return 0;
}

static int restore_changes(struct sys_state *s);

/* ---- lock and recovery ---- */

/*
 * The lock file holds the pid of the session that has it, in a field of
 * fixed width written at once, and is emptied when the session ends.
 */
#define PID_FIELD	"%10d\n"
#define PID_FIELD_LEN	11
#define HOLDER_TRIES	200	/* 1 ms apart: the holder writes its pid right after locking */

static int lock_holder_once(int fd)
{
	char buf[PID_FIELD_LEN + 1] = "";
	ssize_t n = pread(fd, buf, PID_FIELD_LEN, 0);
	int pid = n > 0 ? atoi(buf) : 0;

	/* a killed session's pid stays until the next holder writes its own */
	return pid > 0 && !(kill(pid, 0) && errno == ESRCH) ? pid : 0;
}

static int lock_holder(int fd)
{
	const struct timespec ms = { 0, 1000000 };
	int i, pid = 0;

	for (i = 0; i < HOLDER_TRIES && !pid; i++) {
		pid = lock_holder_once(fd);
		if (!pid)
			nanosleep(&ms, NULL);
	}
	return pid;
}

static void lock_claim(int fd)
{
	char buf[PID_FIELD_LEN + 1];

	snprintf(buf, sizeof(buf), PID_FIELD, (int)getpid());
	if (pwrite(fd, buf, PID_FIELD_LEN, 0) != PID_FIELD_LEN || ftruncate(fd, PID_FIELD_LEN))
		debug_msg("cannot write the pid into the lock file: %s", strerror(errno));
}

static void lock_release(struct sys_state *s)
{
	if (s->lock_fd < 0)
		return;
	if (s->locked && ftruncate(s->lock_fd, 0))
		debug_msg("cannot empty the lock file: %s", strerror(errno));
	close(s->lock_fd);
	s->lock_fd = -1;
	s->locked = false;
}

void sysstate_free(struct sys_state *s)
{
	if (!s)
		return;
	clear_saved(s);
	lock_release(s);
	free_paths(s);
	free(s);
}

static void refuse_lock(int fd)
{
	int pid = lock_holder(fd);

	if (pid)
		err_msg("another rtlens session (pid %d) is running: wait for it to end, or stop it first",
			pid);
	else
		err_msg("another rtlens session is running (it is starting or ending): "
			"wait for it to end, or stop it first");
}

int sysstate_lock(struct sys_state *s)
{
	if (mkdir(s->dir, 0700) && errno != EEXIST) {
		err_msg("cannot create %s: %s", s->dir, strerror(errno));
		return -1;
	}
	s->lock_fd = open(s->lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (s->lock_fd < 0) {
		err_msg("cannot open the lock %s: %s", s->lock, strerror(errno));
		return -1;
	}
	if (!flock(s->lock_fd, LOCK_EX | LOCK_NB)) {
		lock_claim(s->lock_fd);
		s->locked = true;
		return 0;
	}
	if (errno == EWOULDBLOCK)
		refuse_lock(s->lock_fd);
	else
		err_msg("cannot lock %s: %s", s->lock, strerror(errno));
	lock_release(s);
	return -1;
}

int sysstate_recover(struct sys_state *s)
{
	const char *why = "cannot be read";
	int pid = 0, line_no = 0, ret;
	FILE *f;

	f = fopen(s->state, "re");
	if (!f)
		return 0;
	ret = load_record(s, f, &pid, &line_no, &why);
	fclose(f);
	if (ret) {
		err_msg("the state record %s is damaged or was not written by rtlens "
			"(line %d: %s): nothing in it was used; check the osnoise settings "
			"by hand, then remove it", s->state, line_no, why);
		clear_saved(s);
		return -1;
	}
	info_msg("restoring the tracefs state left by a killed session (pid %d)", pid);
	s->dirty = true;
	return restore_changes(s);
}

int sysstate_mount_tracefs(struct sys_state *s)
{
	return sys_mount_begin(&s->mount_made);
}

/* ---- saving and writing ---- */

static struct saved_file *find_saved(struct sys_state *s, const char *file)
{
	int i;

	for (i = 0; i < s->nr_saved; i++)
		if (!strcmp(s->saved[i].file, file))
			return &s->saved[i];
	return NULL;
}

/* Keep @content (taken over) as @file's, and put it in the record. */
static int save_new(struct sys_state *s, const char *file, char *content, enum restore_kind kind)
{
	if (!state_record_file_allowed(kind, file) || strlen(content) > STATE_CONTENT_MAX) {
		/* the next run would refuse the record: refuse now */
		err_msg("cannot save %s: not a file the state record may name", file);
		free(content);
		return -1;
	}
	if (add_saved(s, file, content, kind)) {
		err_msg("cannot save %s: out of memory", file);
		return -1;
	}
	return write_record(s);
}

int sysstate_save(struct sys_state *s, const char *file, enum restore_kind kind)
{
	char *content;

	if (find_saved(s, file))
		return 0;
	content = sysstate_read_text(file);
	if (!content) {
		err_msg("cannot read tracefs file %s: %s", file, strerror(errno));
		return -1;
	}
	return save_new(s, file, content, kind);
}

int sysstate_save_value(struct sys_state *s, const char *name, const char *content,
			enum restore_kind kind)
{
	char *copy;

	if (find_saved(s, name))
		return 0;
	copy = strdup(content);
	if (!copy) {
		err_msg("cannot save %s: out of memory", name);
		return -1;
	}
	return save_new(s, name, copy, kind);
}

static int write_file(const char *file, const char *value)
{
	return tracefs_instance_file_write(NULL, file, value) < 0 ? -1 : 0;
}

int sysstate_write(struct sys_state *s, const char *file, const char *value)
{
	if (sysstate_save(s, file, RESTORE_VALUE))
		return -1;
	debug_msg("writing '%s' to %s", value, file);
	if (!write_file(file, value))
		return 0;
	err_msg("cannot write '%s' to tracefs file %s: %s", value, file, strerror(errno));
	return -1;
}

int sysstate_write_u64(struct sys_state *s, const char *file, uint64_t val)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)val);
	return sysstate_write(s, file, buf);
}

int sysstate_write_option(struct sys_state *s, const char *option, bool on)
{
	char flag[64];

	snprintf(flag, sizeof(flag), "%s%s", on ? "" : "NO_", option);
	if (sysstate_save(s, OSNOISE_OPTIONS, RESTORE_OPTIONS))
		return -1;
	if (!write_file(OSNOISE_OPTIONS, flag))
		return 0;
	err_msg("cannot set %s in %s: %s", flag, OSNOISE_OPTIONS, strerror(errno));
	return -1;
}

char *sysstate_read_options(void)
{
	if (!tracefs_file_exists(NULL, OSNOISE_OPTIONS))
		return NULL;
	return sysstate_read_text(OSNOISE_OPTIONS);
}

int sysstate_instance_write(struct tracefs_instance *inst, const char *file, const char *value)
{
	return tracefs_instance_file_write(inst, file, value) < 0 ? -1 : 0;
}

int sysstate_add_instance(struct sys_state *s, const char *name)
{
	if (!state_record_instance_allowed(name) || add_instance(s, name)) {
		err_msg("cannot record the instance %s (at most %d, named rtlens-PID[-suffix])",
			name, MAX_INSTANCES);
		return -1;
	}
	return write_record(s);
}

/* ---- restoring ---- */

static int restore_options(const char *file, const char *content)
{
	char *copy = strdup(content), *tok, *save = NULL;
	int ret = 0;

	if (!copy)
		return -1;
	for (tok = strtok_r(copy, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
		if (!strcmp(tok, "DEFAULTS"))
			continue;
		if (write_file(file, tok))
			ret = -1;
	}
	free(copy);
	return ret;
}

static int restore_idle(const char *name, const char *content)
{
	unsigned int cpu, state;

	if (sscanf(name, "cpu%u/state%u", &cpu, &state) != 2)
		return -1;
	return cpuidle_state_disable(cpu, state, atoi(content)) ? -1 : 0;
}

static int restore_one(const struct saved_file *sf)
{
	char *value;
	int ret;

	debug_msg("restoring %s", sf->file);
	if (sf->kind == RESTORE_OPTIONS)
		return restore_options(sf->file, sf->content);
	if (sf->kind == RESTORE_IDLE)
		return restore_idle(sf->file, sf->content);
	value = strdup(sf->content);
	if (!value)
		return -1;
	value[strcspn(value, "\n")] = '\0';
	ret = write_file(sf->file, *value ? value : "0");
	free(value);
	return ret;
}

static void destroy_instance(const char *name)
{
	struct tracefs_instance *inst;

	if (!tracefs_instance_exists(name))
		return;
	inst = tracefs_instance_alloc(NULL, name);
	if (!inst)
		return;
	tracefs_trace_off(inst);
	tracefs_tracer_clear(inst);
	if (tracefs_instance_destroy(inst))
		warn_msg("cannot remove tracefs instance %s: %s", name, strerror(errno));
	tracefs_instance_free(inst);
}

/*
 * Files that depend on each other (period_us bounds runtime_us and back)
 * may refuse a value until the other is restored: a second pass settles it.
 */
static int restore_files(struct sys_state *s)
{
	bool done[MAX_SAVED] = { false };
	int pass, i, left = 0;

	for (pass = 0; pass < 2; pass++) {
		left = 0;
		for (i = s->nr_saved - 1; i >= 0; i--) {
			if (done[i])
				continue;
			done[i] = !restore_one(&s->saved[i]);
			left += !done[i];
		}
	}
	for (i = 0; i < s->nr_saved; i++)
		if (!done[i])
			err_msg("cannot restore tracefs file %s: %s", s->saved[i].file,
				strerror(errno));
	return left ? -1 : 0;
}

/* the instances and files; the record goes once they are back */
static int restore_changes(struct sys_state *s)
{
	int i, ret;

	for (i = s->nr_instances - 1; i >= 0; i--)
		destroy_instance(s->instances[i]);
	ret = restore_files(s);
	if (ret) {
		err_msg("the state record is kept in %s: the next run will retry", s->dir);
		return ret;
	}
	clear_saved(s);
	if (s->dirty)
		remove_record(s);
	return 0;
}

int sysstate_restore(struct sys_state *s)
{
	if (!s)
		return 0;
	if (restore_changes(s))
		return -1;
	/* last: restoring needs tracefs */
	sys_mount_end(&s->mount_made);
	return 0;
}
