// SPDX-License-Identifier: GPL-2.0
/*
 * outfile - reports and traces written to a temporary file and renamed
 * into place, so that the file the user named is never left half-written
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/log.h"
#include "base/outfile.h"

#define TMP_TAG		".rtlens-"
#define LINK_TRIES	100

static int fail(struct outfile *o, const char *what, const char *why)
{
	char *shown __shown = log_arg(o->path);

	err_msg("cannot write the %s to %s: %s", what, shown, why);
	outfile_abort(o);
	return -1;
}

static int fail_errno(struct outfile *o, const char *what)
{
	return fail(o, what, strerror(errno));
}

/* Names under /dev and /proc are never replaced: /dev/stdout, /proc/self/fd/N */
static bool special_name(const char *path)
{
	return !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6);
}

static int open_direct(struct outfile *o, const char *what)
{
	int fd = open(o->path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return fail_errno(o, what);
	o->direct = true;
	o->f = fdopen(fd, "a");
	if (!o->f) {
		close(fd);
		return fail_errno(o, what);
	}
	return 0;
}

/* The file that is to be replaced: the path, or the target of its links. */
static int find_target(struct outfile *o, const char *what)
{
	struct stat st;

	if (lstat(o->path, &st) || !S_ISLNK(st.st_mode)) {
		o->target = strdup(o->path);
	} else {
		o->target = realpath(o->path, NULL);
		if (!o->target && errno == ENOENT)
			return fail(o, what, "it is a symbolic link to a file that does not exist "
				    "(name the file itself)");
	}
	return o->target ? 0 : fail_errno(o, what);
}

/*
 * dirname() or basename() of @file, whole however long (a path past
 * PATH_MAX is the kernel's to refuse, by its name): to free(); NULL with
 * errno ENOMEM.
 */
static char *path_part(const char *file, char *(*part)(char *))
{
	char *tmp = strdup(file), *ret = tmp ? strdup(part(tmp)) : NULL;

	free(tmp);
	if (!ret)
		errno = ENOMEM;
	return ret;
}

/* An unnamed file in @dir, or a hidden one when the file system has no O_TMPFILE. */
static int open_temp(struct outfile *o, const char *dir)
{
	char *base;
	mode_t mask;
	int fd, n;

	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		return fd;
	base = path_part(o->target, basename);
	if (!base)
		return -1;
	/* a name of our own: 200 bytes of the file's keep it under NAME_MAX */
	n = asprintf(&o->tmp, "%s/.%.200s" TMP_TAG "XXXXXX", dir, base);
	free(base);
	if (n < 0) {
		o->tmp = NULL;
		errno = ENOMEM;
		return -1;
	}
	fd = mkostemp(o->tmp, O_CLOEXEC);
	if (fd < 0) {
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask))
		debug_msg("cannot set the mode of %s: %s", o->tmp, strerror(errno));
	return fd;
}

/* Why a file could not be made in its directory, and what to do. */
static const char *open_why(int err)
{
	switch (err) {
	case ENOENT:
		return "its directory does not exist (create it, or name a file in one that does)";
	case EACCES:
	case EPERM:
		return "permission denied (name a file in a directory you may write to)";
	case EROFS:
		return "its file system is read-only (name a file on another)";
	default:
		return strerror(err);
	}
}

/* A file that is replaced keeps its mode and owner. */
static void keep_mode(int fd, const char *target)
{
	struct stat st;

	if (stat(target, &st))
		return;
	if (fchown(fd, st.st_uid, st.st_gid) || fchmod(fd, st.st_mode & 07777))
		debug_msg("cannot keep the mode and owner of %s: %s", target, strerror(errno));
}

bool outfile_is_stdout(const char *path)
{
	return !strcmp(path, "-");
}

int outfile_open(struct outfile *o, const char *path, const char *what)
{
	char *dir;
	struct stat st;
	bool exists;
	int fd;

	memset(o, 0, sizeof(*o));
	o->path = path;
	if (outfile_is_stdout(path)) {
		o->direct = true;
		o->f = stdout;
		return 0;
	}
	exists = !stat(path, &st);
	if (special_name(path) || (exists && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)))
		return open_direct(o, what);
	if (exists && S_ISDIR(st.st_mode))
		return fail(o, what, "it is a directory (name a file)");
	if (find_target(o, what))
		return -1;
	dir = path_part(o->target, dirname);
	fd = dir ? open_temp(o, dir) : -1;
	free(dir);
	if (fd < 0)
		return fail(o, what, open_why(errno));
	keep_mode(fd, o->target);
	o->f = fdopen(fd, "w");
	if (!o->f) {
		close(fd);
		return fail_errno(o, what);
	}
	return 0;
}

/* Give the unnamed file a hidden name beside the target, to rename it from. */
static int link_unnamed(struct outfile *o, const char *dir, const char *base)
{
	char proc[64];
	int fd = fileno(o->f), i;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	for (i = 0; i < LINK_TRIES; i++) {
		free(o->tmp);
		if (asprintf(&o->tmp, "%s/.%.200s" TMP_TAG "%d-%d", dir, base, (int)getpid(), i) < 0) {
			o->tmp = NULL;
			errno = ENOMEM;
			return -1;
		}
		if (!linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) ||
		    (errno != EEXIST && !linkat(fd, "", AT_FDCWD, o->tmp, AT_EMPTY_PATH)))
			return 0;
		if (errno != EEXIST)
			break;
	}
	free(o->tmp);
	o->tmp = NULL;
	return -1;
}

static int put_in_place(struct outfile *o)
{
	char *dir, *base;
	int ret = -1;

	if (!o->tmp) {
		dir = path_part(o->target, dirname);
		base = dir ? path_part(o->target, basename) : NULL;
		ret = base ? link_unnamed(o, dir, base) : -1;
		free(dir);
		free(base);
		if (ret)
			return -1;
	}
	if (!rename(o->tmp, o->target)) {
		free(o->tmp);
		o->tmp = NULL;
		return 0;
	}
	return -1;
}

int outfile_commit(struct outfile *o, const char *what)
{
	if (!o->f)
		return -1;
	if (fflush(o->f) || ferror(o->f))
		return fail_errno(o, what);
	if (o->f == stdout) {
		o->f = NULL;
		return 0;
	}
	if (!o->direct && (fsync(fileno(o->f)) || put_in_place(o)))
		return fail_errno(o, what);
	if (fclose(o->f)) {
		o->f = NULL;
		return fail_errno(o, what);
	}
	o->f = NULL;
	outfile_abort(o);
	return 0;
}

int outfile_finish(struct outfile *o, const char *what, int failed)
{
	if (failed)
		return fail_errno(o, what);
	return outfile_commit(o, what);
}

void outfile_abort(struct outfile *o)
{
	int saved = errno;

	if (o->f && o->f != stdout)
		fclose(o->f);
	o->f = NULL;
	/* only the temporary file rtlens made is removed, never the target */
	if (o->tmp)
		unlink(o->tmp);
	free(o->tmp);
	free(o->target);
	o->tmp = NULL;
	o->target = NULL;
	errno = saved;
}

int outfile_write_text(const char *path, const char *text, const char *what)
{
	struct outfile o;

	if (outfile_open(&o, path, what))
		return -1;
	return outfile_finish(&o, what, fputs(text, o.f) < 0);
}

int outfile_check_stdout(void)
{
	if (!fflush(stdout) && !ferror(stdout))
		return 0;
	err_msg("cannot write to standard output: %s", strerror(errno));
	return -1;
}
