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
#define SYNC_BAUD		B115200	/* a serial port's fastest: its RX timeout shortest */

/* bytes read and not yet taken as lines */
struct line_reader {
	char		buf[4 * SYNC_LINE];
	int		len;
};

/* the channel, and a tty's settings as they were: put back when it closes */
struct channel {
	int		fd;
	bool		tty;
	struct termios	saved;
};

struct host_sync {
	struct channel	ch;
	const char	*path;
	unsigned int	seq;
	bool		silent;		/* the host did not answer: given up */
	struct line_reader in;
};

/* a tty in raw mode, so that the bytes pass as they are; others as they are */
static int make_raw(struct channel *ch, const char *path)
{
	struct termios t;

	if (!isatty(ch->fd))
		return 0;
	if (tcgetattr(ch->fd, &t))
		goto fail;
	ch->saved = t;
	ch->tty = true;
	cfmakeraw(&t);
	/*
	 * a UART signals bytes short of its FIFO's trigger after 4 characters'
	 * time: at the default 9600 baud 4 ms, at 115200 0.35 ms (the answer's
	 * last bytes wait that long: the round trip's asymmetry)
	 */
	cfsetispeed(&t, SYNC_BAUD);
	cfsetospeed(&t, SYNC_BAUD);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (!tcsetattr(ch->fd, TCSANOW, &t) && !tcflush(ch->fd, TCIOFLUSH))
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

static void close_channel(struct channel *ch)
{
	if (ch->tty)
		tcsetattr(ch->fd, TCSANOW, &ch->saved);
	close(ch->fd);
	ch->fd = -1;
}

/* a unix socket is connected to, anything else opened; -1 with a message */
static int open_channel(struct channel *ch, const char *path)
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
	*ch = (struct channel) { .fd = fd };
	if (make_raw(ch, path)) {
		close_channel(ch);
		return -1;
	}
	return 0;
}

/*
 * The next line from @fd, within @ms, into @line: 1, or 0 when none came
 * in time, -1 when the channel closed. Read as it comes, a buffer at a time
 * (under emulation a system call costs as much as the bytes' way)
 */
static int read_line(int fd, struct line_reader *lr, char *line, int ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	for (;;) {
		char *nl = memchr(lr->buf, '\n', lr->len);
		int r;

		if (nl) {
			int n = nl - lr->buf, m = n < SYNC_LINE ? n : SYNC_LINE - 1;

			memcpy(line, lr->buf, m);
			if (m && line[m - 1] == '\r')
				m--;
			line[m] = '\0';
			lr->len -= n + 1;
			memmove(lr->buf, nl + 1, lr->len);
			if (m)
				return 1;
			continue;
		}
		if (lr->len == (int)sizeof(lr->buf))
			lr->len = 0;		/* a line too long: not the protocol's */
		r = poll(&pfd, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r;
		r = read(fd, lr->buf + lr->len, sizeof(lr->buf) - lr->len);
		if (r < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (r <= 0)
			return -1;
		lr->len += r;
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
	if (open_channel(&hs->ch, path)) {
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
		char line[SYNC_LINE];
		int r = read_line(hs->ch.fd, &hs->in, line, SYNC_TIMEOUT_MS);

		if (r <= 0)
			return false;
		if (sscanf(line, "%u %" SCNu64, &got, host) == 2 && got == seq)
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
	    write(hs->ch.fd, req, n) != n || !await_answer(hs, seq, &host))
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
	close_channel(&hs->ch);
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
	struct line_reader in = { .len = 0 };
	struct channel ch;
	char line[SYNC_LINE];
	long trips = 0;

	if (open_channel(&ch, path))
		return -1;
	while (!*stop) {
		int r = read_line(ch.fd, &in, line, 200);
		uint64_t t = now_ns();

		if (r < 0)
			break;
		if (r == 0)
			continue;
		r = answer(ch.fd, line, t);
		if (r < 0) {
			err_msg("cannot answer on %s: %s", path, strerror(errno));
			trips = -1;
			break;
		}
		trips += r;
	}
	close_channel(&ch);
	return trips;
}
