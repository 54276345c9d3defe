// SPDX-License-Identifier: GPL-2.0
/*
 * metrics_server - the --listen endpoint: libmicrohttpd's daemon on the
 * socket metrics_addr.c bound, with one thread of its own (epoll), and
 * the text the main loop publishes, which the answers hold by reference
 *
 * Bounds: CONN_MAX clients at once, fewer when the descriptors run short
 * (conn_limit()), the next ones in a listen backlog as long; a client
 * idle for CONN_TIMEOUT_S is cut off; a request head, with its parsed
 * headers, must fit in CONN_MEMORY (libmicrohttpd answers 431 otherwise,
 * 414 to a path that long). No client reaches the measurement: the thread
 * runs on the main thread's (housekeeping) CPUs, and the main loop only
 * swaps a pointer under a lock.
 */
#include <dirent.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/log.h"
#include "session/metrics_addr.h"
#include "session/metrics_http.h"
#include "session/metrics_server.h"

#define CONN_MAX	4096
#define CONN_MIN	16
#define CONN_TIMEOUT_S	5
#define CONN_MEMORY	(8 * 1024)
#define BACKLOG		4096	/* the kernel caps it at net.core.somaxconn */
#define FD_RESERVE	256	/* for what rtlens opens while it serves */
#define URL_MAX		192

struct snapshot {
	struct metrics_server	*ms;
	int			refs;		/* under ms->lock */
	char			*text[NR_METRICS_FORMATS];
	size_t			len[NR_METRICS_FORMATS];
};

struct metrics_server {
	int			fd;		/* the socket, until the daemon has it */
	struct MHD_Daemon	*daemon;
	pthread_mutex_t		lock;
	struct snapshot		*cur;		/* what a request gets now */
	char			url[URL_MAX];
};

struct metrics_server *metrics_server_open(const char *addr)
{
	struct metrics_server *ms = calloc(1, sizeof(*ms));

	if (!ms || pthread_mutex_init(&ms->lock, NULL)) {
		free(ms);
		err_msg("out of memory");
		return NULL;
	}
	ms->fd = metrics_addr_listen(addr, BACKLOG, ms->url, sizeof(ms->url));
	if (ms->fd < 0) {
		metrics_server_close(ms);
		return NULL;
	}
	return ms;
}

const char *metrics_server_url(const struct metrics_server *ms)
{
	return ms->url;
}

/* ---- the text ---- */

static void snapshot_put(struct snapshot *snap)
{
	bool last;

	if (!snap)
		return;
	pthread_mutex_lock(&snap->ms->lock);
	last = !--snap->refs;
	pthread_mutex_unlock(&snap->ms->lock);
	if (!last)
		return;
	for (int f = 0; f < NR_METRICS_FORMATS; f++)
		free(snap->text[f]);
	free(snap);
}

static struct snapshot *snapshot_get(struct metrics_server *ms)
{
	struct snapshot *snap;

	pthread_mutex_lock(&ms->lock);
	snap = ms->cur;
	if (snap)
		snap->refs++;
	pthread_mutex_unlock(&ms->lock);
	return snap;
}

void metrics_server_publish(struct metrics_server *ms, char *text[NR_METRICS_FORMATS],
			    size_t len[NR_METRICS_FORMATS])
{
	struct snapshot *snap = calloc(1, sizeof(*snap)), *old;

	if (!snap) {		/* the clients keep the last one */
		for (int f = 0; f < NR_METRICS_FORMATS; f++)
			free(text[f]);
		return;
	}
	snap->ms = ms;
	snap->refs = 1;
	memcpy(snap->text, text, sizeof(snap->text));
	memcpy(snap->len, len, sizeof(snap->len));
	pthread_mutex_lock(&ms->lock);
	old = ms->cur;
	ms->cur = snap;
	pthread_mutex_unlock(&ms->lock);
	snapshot_put(old);
}

/* ---- the answers (in the server's thread) ---- */

static enum MHD_Result find_openmetrics(void *cls, enum MHD_ValueKind kind, const char *key,
					const char *value)
{
	bool *om = cls;

	(void)kind;
	if (!strcasecmp(key, MHD_HTTP_HEADER_ACCEPT) && value && http_accepts_openmetrics(value))
		*om = true;
	return MHD_YES;
}

static enum metrics_format wanted_format(struct MHD_Connection *conn)
{
	bool om = false;

	MHD_get_connection_values(conn, MHD_HEADER_KIND, find_openmetrics, &om);
	return om ? METRICS_OPENMETRICS : METRICS_PROMETHEUS;
}

/* the response is done with the text */
static void response_done(void *snap)
{
	snapshot_put(snap);
}

/* the text published last, in the format asked for; NULL if none */
static struct MHD_Response *metrics_response(struct metrics_server *ms,
					     struct MHD_Connection *conn)
{
	enum metrics_format f = wanted_format(conn);
	struct snapshot *snap = snapshot_get(ms);
	struct MHD_Response *r;

	if (!snap)
		return NULL;
	r = MHD_create_response_from_buffer_with_free_callback_cls(snap->len[f], snap->text[f],
								    response_done, snap);
	if (!r) {
		snapshot_put(snap);
		return NULL;
	}
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, metrics_content_type[f]);
	return r;
}

static struct MHD_Response *other_response(enum http_answer a)
{
	const char *body = http_answer_body(a);
	struct MHD_Response *r = MHD_create_response_from_buffer(strlen(body), (void *)body,
								 MHD_RESPMEM_PERSISTENT);

	if (!r)
		return NULL;
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain; charset=utf-8");
	if (a == HTTP_BAD_METHOD)
		MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	return r;
}

/*
 * A request's head is in: answered at once, without reading a body, so
 * libmicrohttpd closes the connection after the answer; it leaves HEAD's
 * body out.
 */
static enum MHD_Result answer(void *cls, struct MHD_Connection *conn, const char *path,
			      const char *method, const char *version, const char *upload_data,
			      size_t *upload_data_size, void **req_cls)
{
	enum http_answer a = http_route(method, path);
	struct MHD_Response *r = NULL;
	enum MHD_Result ret;

	(void)version;
	(void)upload_data;
	(void)upload_data_size;
	(void)req_cls;
	if (a == HTTP_METRICS && !(r = metrics_response(cls, conn)))
		a = HTTP_BUSY;
	if (!r && !(r = other_response(a)))
		return MHD_NO;		/* out of memory: the connection is closed */
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
	ret = MHD_queue_response(conn, http_answer_status(a), r);
	MHD_destroy_response(r);
	return ret;
}

/* ---- the daemon ---- */

__attribute__((format(printf, 2, 0)))
static void mhd_log(void *cls, const char *fmt, va_list ap)
{
	char msg[256];

	(void)cls;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	msg[strcspn(msg, "\n")] = '\0';
	debug_msg("metrics server: %s", msg);
}

/* the descriptors this process has open */
static long fds_open(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	long n = -1;		/* d's own */

	if (!d)
		return FD_RESERVE;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/*
 * As many clients as the descriptors allow, up to CONN_MAX: the soft
 * limit raised towards what they need (the hard limit caps it), less
 * FD_RESERVE for what rtlens opens while it serves (the report, the plot).
 */
static unsigned int conn_limit(void)
{
	long used = fds_open(), left;
	rlim_t want = used + FD_RESERVE + CONN_MAX;
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return CONN_MIN;
	if (rl.rlim_cur < want) {
		rl.rlim_cur = rl.rlim_max < want ? rl.rlim_max : want;
		if (setrlimit(RLIMIT_NOFILE, &rl))
			getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur >= want)
		return CONN_MAX;
	left = (long)rl.rlim_cur - used - FD_RESERVE;
	debug_msg("metrics server: %ld clients at most (ulimit -n)", left);
	return left < CONN_MIN ? CONN_MIN : left;
}

static struct MHD_Daemon *daemon_start(struct metrics_server *ms, unsigned int limit)
{
	/* epoll or poll: descriptors above FD_SETSIZE work */
	unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG |
			     (MHD_is_feature_supported(MHD_FEATURE_EPOLL) == MHD_YES ?
			      MHD_USE_EPOLL : MHD_USE_POLL);

	return MHD_start_daemon(flags, 0, NULL, NULL, answer, ms,
				MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL,
				MHD_OPTION_LISTEN_SOCKET, ms->fd,
				MHD_OPTION_CONNECTION_LIMIT, limit,
				MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)CONN_TIMEOUT_S,
				MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONN_MEMORY,
				MHD_OPTION_END);
}

int metrics_server_start(struct metrics_server *ms)
{
	unsigned int limit = conn_limit();
	sigset_t all, old;

	/*
	 * the stop signals are the main thread's; the daemon's thread runs
	 * where the main thread does, on the housekeeping CPUs (check_system())
	 */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	ms->daemon = daemon_start(ms, limit);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	/* the daemon's from now on: closed by it (a failed start may leave it open till exit) */
	ms->fd = -1;
	if (!ms->daemon) {
		err_msg("cannot start serving the metrics (libmicrohttpd; -D says why)");
		return -1;
	}
	return 0;
}

void metrics_server_close(struct metrics_server *ms)
{
	if (!ms)
		return;
	if (ms->daemon)		/* its thread joined, every connection closed */
		MHD_stop_daemon(ms->daemon);
	if (ms->fd >= 0)
		close(ms->fd);
	snapshot_put(ms->cur);
	pthread_mutex_destroy(&ms->lock);
	free(ms);
}
