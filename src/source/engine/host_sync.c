// SPDX-License-Identifier: GPL-2.0
/*
 * host_sync - the round trips of a guest's clock with its host's, over a
 * byte channel between them (a serial or virtio-serial port in the guest,
 * its chardev's unix socket on the host). The guest sends
 * "rtlens-sync N\n", the host answers "N HOST_NS\n" with its
 * CLOCK_MONOTONIC read as the request came in; the guest notes each trip's
 * two ends in its trace as markers, in the trace's own clock.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "base/log.h"
#include "source/engine/source.h"

#define SYNC_TRIPS		8	/* per round: the quickest one counts */
#define SYNC_TIMEOUT_MS		2000
#define SYNC_LINE		64

struct host_sync {
	int		fd;
	const char	*path;
	unsigned int	seq;
	bool		silent;		/* the host did not answer: given up */
	char		line[SYNC_LINE];
	int		len;
};

/* a tty in raw mode, so that the bytes pass as they are; others as they are */
static int make_raw(int fd, const char *path)
{
	struct termios t;

	if (!isatty(fd))
		return 0;
	if (tcgetattr(fd, &t))
		goto fail;
	cfmakeraw(&t);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (!tcsetattr(fd, TCSANOW, &t) && !tcflush(fd, TCIOFLUSH))
		return 0;
fail:
	err_msg("cannot set %s to raw mode: %s", path, strerror(errno));
	return -1;
}

static int connect_socket(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(a.sun_path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(a.sun_path, path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* a unix socket is connected to, anything else opened */
static int open_channel(const char *path)
{
	struct stat st;
	int fd;

	if (stat(path, &st)) {
		err_msg("cannot use %s for the time sync: %s", path, strerror(errno));
		return -1;
	}
	if (S_ISSOCK(st.st_mode))
		fd = connect_socket(path);
	else
		fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		err_msg("cannot open %s for the time sync: %s", path, strerror(errno));
		return -1;
	}
	if (make_raw(fd, path)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* a line from @fd into hs->line, within @ms; 1: a line, 0: none in time, -1: closed */
static int read_line(int fd, char *line, int *len, int ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char c;

	for (;;) {
		int r = poll(&pfd, 1, ms);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r;
		r = read(fd, &c, 1);
		if (r < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (r <= 0)
			return -1;
		if (c == '\n' || c == '\r') {
			line[*len] = '\0';
			if (!*len)
				continue;
			*len = 0;
			return 1;
		}
		if (*len < SYNC_LINE - 1)
			line[(*len)++] = c;
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* ---- the guest's end ---- */

struct host_sync *source_host_sync_open(const char *path)
{
	struct host_sync *hs = calloc(1, sizeof(*hs));

	if (!hs) {
		err_msg("out of memory");
		return NULL;
	}
	hs->path = path;
	hs->fd = open_channel(path);
	if (hs->fd < 0) {
		free(hs);
		return NULL;
	}
	return hs;
}

/* the answer to trip @seq: its host time; false when none came in time */
static bool await_answer(struct host_sync *hs, unsigned int seq, uint64_t *host)
{
	unsigned int got;

	for (;;) {
		int r = read_line(hs->fd, hs->line, &hs->len, SYNC_TIMEOUT_MS);

		if (r <= 0)
			return false;
		if (sscanf(hs->line, "%u %" SCNu64, &got, host) == 2 && got == seq)
			return true;
		/* a late answer to an earlier trip: read on */
	}
}

static bool one_trip(struct host_sync *hs, struct tracefs_instance *inst)
{
	char req[SYNC_LINE];
	unsigned int seq = ++hs->seq;
	uint64_t host;
	int n = snprintf(req, sizeof(req), SOURCE_SYNC_TAG " %u\n", seq);

	if (tracefs_printf(inst, SOURCE_SYNC_TAG " %u send\n", seq) < 0 ||
	    write(hs->fd, req, n) != n || !await_answer(hs, seq, &host))
		return false;
	return tracefs_printf(inst, SOURCE_SYNC_TAG " %u recv %" PRIu64 "\n", seq, host) >= 0;
}

void source_host_sync_round(struct host_sync *hs, struct tracefs_instance *inst)
{
	int i;

	if (!hs || hs->silent || !inst)
		return;
	if (tracefs_print_init(inst) < 0) {
		warn_msg("cannot write the time sync into the trace (trace_marker): %s; "
			 "--host-input will not join this recording", strerror(errno));
		hs->silent = true;
		return;
	}
	for (i = 0; i < SYNC_TRIPS; i++) {
		if (one_trip(hs, inst))
			continue;
		warn_msg("no answer from the host on %s within %d ms: is rtlens timesync running "
			 "on the host's end of it? The run goes on without time sync", hs->path,
			 SYNC_TIMEOUT_MS);
		hs->silent = true;
		break;
	}
	tracefs_print_close(inst);
}

void source_host_sync_close(struct host_sync *hs)
{
	if (!hs)
		return;
	close(hs->fd);
	free(hs);
}

/* ---- the host's end ---- */

static int answer(int fd, const char *line, uint64_t t)
{
	char out[SYNC_LINE];
	unsigned int seq;
	int n;

	if (sscanf(line, SOURCE_SYNC_TAG " %u", &seq) != 1)
		return 0;
	n = snprintf(out, sizeof(out), "%u %" PRIu64 "\n", seq, t);
	return write(fd, out, n) == n ? 1 : -1;
}

long source_sync_serve(const char *path, volatile int *stop)
{
	char line[SYNC_LINE];
	long trips = 0;
	int fd = open_channel(path), len = 0;

	if (fd < 0)
		return -1;
	while (!*stop) {
		int r = read_line(fd, line, &len, 200);
		uint64_t t = now_ns();

		if (r < 0)
			break;
		if (r == 0)
			continue;
		r = answer(fd, line, t);
		if (r < 0) {
			err_msg("cannot answer on %s: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
		trips += r;
	}
	close(fd);
	return trips;
}
