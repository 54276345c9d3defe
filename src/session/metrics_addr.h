/* SPDX-License-Identifier: GPL-2.0 */
/*
 * metrics_addr - the address of --listen: HOST:PORT read, checked and
 * bound, and the URL it serves at (metrics_addr_check() is declared in
 * metrics_server.h, for the options)
 */
#ifndef RTLENS_METRICS_ADDR_H
#define RTLENS_METRICS_ADDR_H

#include <stddef.h>

/*
 * A socket bound to @addr, listening with a queue of @backlog, and the
 * URL of its /metrics in @url; -1 with a message when that fails.
 */
int metrics_addr_listen(const char *addr, int backlog, char *url, size_t url_size);

#endif
