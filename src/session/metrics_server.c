// SPDX-License-Identifier: GPL-2.0
/*
 * metrics_server - the --listen endpoint: a listening socket, a thread
 * that polls it and its connections, and the published text
 *
 * Bounds: MAX_CONNS clients at once (more wait in the backlog), a request
 * head of HTTP_REQUEST_MAX bytes, CONN_DEADLINE_MS for a whole exchange;
 * every socket is non-blocking, so a client that reads slowly or not at
 * all costs a slot until its deadline, never the measurement.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "base/log.h"
#include "session/metrics_http.h"
#include "session/metrics_server.h"

#define MAX_CONNS		16
#define CONN_DEADLINE_MS	5000
#define ADDR_MAX		128

struct snapshot {
	int		refs;				/* under the server's lock */
	char		*text[NR_METRICS_FORMATS];
	size_t		len[NR_METRICS_FORMATS];
};

struct conn {
	int			fd;		/* -1: a free slot */
	int64_t			deadline_ms;
	char			req[HTTP_REQUEST_MAX];
	size_t			req_len;
	bool			writing;	/* the answer is going out */
	bool			draining;	/* sent: what the client still sends is dropped */
	char			head[512];
	size_t			head_len;
	const char		*body;
	size_t			body_len;
	size_t			sent;		/* of head, then body */
	struct snapshot		*snap;		/* the body's, held */
};

struct metrics_server {
	int			fd;
	int			wake[2];	/* a byte: stop */
	pthread_t		thread;
	bool			running;
	pthread_mutex_t		lock;
	struct snapshot		*cur;		/* what a request gets now */
	struct conn		conns[MAX_CONNS];
	char			url[ADDR_MAX + 32];
};

/* ---- the address ---- */

/* HOST:PORT or [HOST]:PORT into @host and @port; 0, or -1 with *why. */
static int split_addr(const char *arg, char *host, char *port, const char **why)
{
	const char *colon = strrchr(arg, ':'), *h = arg;
	size_t hlen;

	*why = "give the address and the port to listen on: 127.0.0.1:9473 (this machine "
	       "only), 0.0.0.0:9473 (every interface), [::1]:9473";
	if (!colon || colon == arg)
		return -1;
	hlen = colon - arg;
	if (*arg == '[') {
		if (hlen < 3 || arg[hlen - 1] != ']')
			return -1;
		h++;
		hlen -= 2;
	}
	if (hlen >= ADDR_MAX || strlen(colon + 1) > 5 || !colon[1] ||
	    strspn(colon + 1, "0123456789") != strlen(colon + 1) || atoi(colon + 1) > 65535) {
		*why = hlen >= ADDR_MAX ? "the address is too long" :
		       "the port must be a number from 0 (any free port) to 65535";
		return -1;
	}
	memcpy(host, h, hlen);
	host[hlen] = '\0';
	strcpy(port, colon + 1);
	return 0;
}

static int resolve(const char *arg, struct addrinfo **res, const char **why)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
	char host[ADDR_MAX], port[8];

	if (split_addr(arg, host, port, why))
		return -1;
	/* no name service: a number, or this machine */
	if (strcmp(host, "localhost"))
		hints.ai_flags |= AI_NUMERICHOST;
	if (getaddrinfo(host, port, &hints, res)) {
		*why = "the address is not a numeric IPv4 or IPv6 address, nor localhost";
		return -1;
	}
	return 0;
}

int metrics_addr_check(const char *arg, const char **why)
{
	struct addrinfo *res;

	if (resolve(arg, &res, why))
		return -1;
	freeaddrinfo(res);
	return 0;
}

static int bind_first(struct addrinfo *res, int *err)
{
	for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
		int one = 1, fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK |
					 SOCK_CLOEXEC, ai->ai_protocol);

		if (fd < 0) {
			*err = errno;
			continue;
		}
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (!bind(fd, ai->ai_addr, ai->ai_addrlen) && !listen(fd, MAX_CONNS))
			return fd;
		*err = errno;
		close(fd);
	}
	return -1;
}

static void make_url(struct metrics_server *ms)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	char host[NI_MAXHOST], port[NI_MAXSERV];

	if (getsockname(ms->fd, (struct sockaddr *)&sa, &len) ||
	    getnameinfo((struct sockaddr *)&sa, len, host, sizeof(host), port, sizeof(port),
			NI_NUMERICHOST | NI_NUMERICSERV)) {
		snprintf(ms->url, sizeof(ms->url), "(unknown address)");
		return;
	}
	snprintf(ms->url, sizeof(ms->url), sa.ss_family == AF_INET6 ? "http://[%s]:%s/metrics" :
		 "http://%s:%s/metrics", host, port);
}

static struct metrics_server *server_new(void)
{
	struct metrics_server *ms = calloc(1, sizeof(*ms));

	if (!ms)
		return NULL;
	ms->fd = ms->wake[0] = ms->wake[1] = -1;
	for (int i = 0; i < MAX_CONNS; i++)
		ms->conns[i].fd = -1;
	if (pipe2(ms->wake, O_CLOEXEC | O_NONBLOCK) || pthread_mutex_init(&ms->lock, NULL)) {
		if (ms->wake[0] >= 0) {
			close(ms->wake[0]);
			close(ms->wake[1]);
		}
		free(ms);
		return NULL;
	}
	return ms;
}

struct metrics_server *metrics_server_open(const char *addr)
{
	struct metrics_server *ms;
	struct addrinfo *res;
	char shown[LOG_ARG_BUF];
	const char *why;
	int err = 0;

	if (resolve(addr, &res, &why)) {
		err_msg("--listen %s: %s", log_arg(addr, shown), why);
		return NULL;
	}
	ms = server_new();
	if (!ms) {
		freeaddrinfo(res);
		err_msg("out of memory");
		return NULL;
	}
	ms->fd = bind_first(res, &err);
	freeaddrinfo(res);
	if (ms->fd < 0) {
		err_msg("cannot listen on %s: %s (%s)", log_arg(addr, shown), strerror(err),
			err == EADDRINUSE ? "another program has that port: choose another one" :
			err == EADDRNOTAVAIL ? "no interface of this machine has that address" :
			err == EACCES ? "ports below 1024 need privileges: choose a higher one" :
			"check the address");
		metrics_server_close(ms);
		return NULL;
	}
	make_url(ms);
	return ms;
}

const char *metrics_server_url(const struct metrics_server *ms)
{
	return ms->url;
}

/* ---- the text ---- */

static void snapshot_put(struct metrics_server *ms, struct snapshot *snap)
{
	bool last;

	if (!snap)
		return;
	pthread_mutex_lock(&ms->lock);
	last = !--snap->refs;
	pthread_mutex_unlock(&ms->lock);
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
	snap->refs = 1;
	memcpy(snap->text, text, sizeof(snap->text));
	memcpy(snap->len, len, sizeof(snap->len));
	pthread_mutex_lock(&ms->lock);
	old = ms->cur;
	ms->cur = snap;
	pthread_mutex_unlock(&ms->lock);
	snapshot_put(ms, old);
}

/* ---- the connections ---- */

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void conn_close(struct metrics_server *ms, struct conn *c)
{
	close(c->fd);
	c->fd = -1;
	snapshot_put(ms, c->snap);
	c->snap = NULL;
}

static void conn_accept(struct metrics_server *ms)
{
	for (int i = 0; i < MAX_CONNS; i++) {
		struct conn *c = &ms->conns[i];

		if (c->fd >= 0)
			continue;
		c->fd = accept4(ms->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (c->fd < 0)
			return;
		c->deadline_ms = now_ms() + CONN_DEADLINE_MS;
		c->req_len = c->sent = 0;
		c->writing = c->draining = false;
		return;
	}
}

static void conn_answer(struct metrics_server *ms, struct conn *c, bool too_large)
{
	struct http_request req;

	if (too_large)
		req = (struct http_request){ .answer = HTTP_TOO_LARGE };
	else
		http_request_parse(c->req, c->req_len, &req);
	if (req.answer == HTTP_METRICS && !(c->snap = snapshot_get(ms)))
		req.answer = HTTP_BUSY;
	if (req.answer == HTTP_METRICS) {
		c->body = c->snap->text[req.format];
		c->body_len = c->snap->len[req.format];
	} else {
		c->body = http_answer_body(req.answer);
		c->body_len = strlen(c->body);
	}
	c->head_len = http_answer_head(c->head, sizeof(c->head), &req, c->body_len);
	if (req.head_only)
		c->body_len = 0;
	c->writing = true;
}

static void conn_read(struct metrics_server *ms, struct conn *c)
{
	ssize_t n = recv(c->fd, c->req + c->req_len, sizeof(c->req) - c->req_len, 0);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {		/* gone before asking */
		conn_close(ms, c);
		return;
	}
	c->req_len += n;
	if (http_request_complete(c->req, c->req_len))
		conn_answer(ms, c, false);
	else if (c->req_len == sizeof(c->req))
		conn_answer(ms, c, true);
}

static void conn_write(struct metrics_server *ms, struct conn *c)
{
	for (;;) {
		bool in_head = c->sent < c->head_len;
		const char *from = in_head ? c->head + c->sent : c->body + (c->sent - c->head_len);
		size_t left = in_head ? c->head_len - c->sent : c->head_len + c->body_len - c->sent;
		ssize_t n;

		if (!left) {
			/*
			 * closed with unread bytes, the socket would reset and
			 * the client could lose the answer: read them first
			 */
			shutdown(c->fd, SHUT_WR);
			c->writing = false;
			c->draining = true;
			return;
		}
		n = send(c->fd, from, left, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			return;
		if (n <= 0) {
			conn_close(ms, c);
			return;
		}
		c->sent += n;
	}
}

/* until the client closes, or its deadline */
static void conn_drain(struct metrics_server *ms, struct conn *c)
{
	ssize_t n = recv(c->fd, c->req, sizeof(c->req), 0);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0)
		conn_close(ms, c);
}

/* ---- the thread ---- */

/* the poll set: [0] wake, [1] the socket (while a slot is free), then conns */
static int poll_set(struct metrics_server *ms, struct pollfd *pfd, int *slot, int *timeout)
{
	int64_t now = now_ms(), first = now + 1000;
	int n = 2, nr_free = 0;

	pfd[0] = (struct pollfd){ .fd = ms->wake[0], .events = POLLIN };
	for (int i = 0; i < MAX_CONNS; i++) {
		struct conn *c = &ms->conns[i];

		if (c->fd < 0) {
			nr_free++;
			continue;
		}
		if (c->deadline_ms <= now) {	/* too slow: cut off */
			conn_close(ms, c);
			nr_free++;
			continue;
		}
		if (c->deadline_ms < first)
			first = c->deadline_ms;
		slot[n] = i;
		pfd[n++] = (struct pollfd){ .fd = c->fd,
					    .events = c->writing ? POLLOUT : POLLIN };
	}
	pfd[1] = (struct pollfd){ .fd = nr_free ? ms->fd : -1, .events = POLLIN };
	*timeout = (int)(first - now);
	return n;
}

static void *serve(void *arg)
{
	struct metrics_server *ms = arg;
	struct pollfd pfd[MAX_CONNS + 2];
	int slot[MAX_CONNS + 2];

	for (;;) {
		int timeout, n = poll_set(ms, pfd, slot, &timeout);

		if (poll(pfd, n, timeout) < 0 && errno != EINTR)
			break;
		if (pfd[0].revents)
			break;
		for (int i = 2; i < n; i++) {
			struct conn *c = &ms->conns[slot[i]];

			if (!pfd[i].revents)
				continue;
			if (c->writing)
				conn_write(ms, c);
			else if (c->draining)
				conn_drain(ms, c);
			else
				conn_read(ms, c);
		}
		if (pfd[1].revents & POLLIN)
			conn_accept(ms);
	}
	return NULL;
}

int metrics_server_start(struct metrics_server *ms)
{
	sigset_t all, old;
	int err;

	/* the stop signals are the main thread's */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = pthread_create(&ms->thread, NULL, serve, ms);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		err_msg("cannot start serving the metrics: %s", strerror(err));
		return -1;
	}
	ms->running = true;
	return 0;
}

void metrics_server_close(struct metrics_server *ms)
{
	if (!ms)
		return;
	if (ms->running) {
		/* fails only when a byte is already there: the thread stops either way */
		if (write(ms->wake[1], "", 1) < 0)
			debug_msg("metrics server: %s", strerror(errno));
		pthread_join(ms->thread, NULL);
	}
	for (int i = 0; i < MAX_CONNS; i++)
		if (ms->conns[i].fd >= 0)
			conn_close(ms, &ms->conns[i]);
	snapshot_put(ms, ms->cur);
	if (ms->fd >= 0)
		close(ms->fd);
	close(ms->wake[0]);
	close(ms->wake[1]);
	pthread_mutex_destroy(&ms->lock);
	free(ms);
}
