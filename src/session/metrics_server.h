/* SPDX-License-Identifier: GPL-2.0 */
/*
 * metrics_server - --listen ADDR:PORT: an HTTP endpoint that serves the
 * last published metrics at /metrics (GET and HEAD) and nothing else.
 * libmicrohttpd's daemon, with one thread of its own: thousands of
 * clients at once, an idle one cut off after a few seconds; none of them
 * stalls the measurement, which only swaps in a new text under a lock.
 */
#ifndef RTLENS_METRICS_SERVER_H
#define RTLENS_METRICS_SERVER_H

#include <stddef.h>

#include "render/metrics.h"

struct metrics_server;

/*
 * Is @arg an address to listen on: HOST:PORT, [IPV6]:PORT, with a numeric
 * address or "localhost", and a port from 0 (any free port) to 65535?
 * 0, or -1 with *why set.
 */
int metrics_addr_check(const char *arg, const char **why);

/* Bind and listen on @addr; NULL with a message when that fails. */
struct metrics_server *metrics_server_open(const char *addr);
/* "http://127.0.0.1:9473/metrics": where it listens (the port bound). */
const char *metrics_server_url(const struct metrics_server *ms);
/* Start serving; 0, or -1 with a message. */
int metrics_server_start(struct metrics_server *ms);
/*
 * Serve @text[f] (of @len[f] bytes, malloc'ed; the server owns them from
 * now on) to the requests that come in next, in each format f.
 */
void metrics_server_publish(struct metrics_server *ms, char *text[NR_METRICS_FORMATS],
			    size_t len[NR_METRICS_FORMATS]);
/* Stop serving, close every connection, free; NULL is fine. */
void metrics_server_close(struct metrics_server *ms);

#endif
