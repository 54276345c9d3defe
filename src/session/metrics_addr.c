// SPDX-License-Identifier: GPL-2.0
/*
 * metrics_addr - --listen's address: numeric or localhost, never a name
 * looked up; bound before tracefs is touched, so that a taken port
 * refuses the run with nothing changed
 */
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/log.h"
#include "session/metrics_addr.h"
#include "session/metrics_server.h"

#define ADDR_MAX	128

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

static int bind_first(struct addrinfo *res, int backlog, int *err)
{
	for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
		int one = 1, fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK |
					 SOCK_CLOEXEC, ai->ai_protocol);

		if (fd < 0) {
			*err = errno;
			continue;
		}
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (!bind(fd, ai->ai_addr, ai->ai_addrlen) && !listen(fd, backlog))
			return fd;
		*err = errno;
		close(fd);
	}
	return -1;
}

/* the port bound, which port 0 leaves to the kernel */
static void make_url(int fd, char *url, size_t size)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	char host[NI_MAXHOST], port[NI_MAXSERV];

	if (getsockname(fd, (struct sockaddr *)&sa, &len) ||
	    getnameinfo((struct sockaddr *)&sa, len, host, sizeof(host), port, sizeof(port),
			NI_NUMERICHOST | NI_NUMERICSERV)) {
		snprintf(url, size, "(unknown address)");
		return;
	}
	snprintf(url, size, sa.ss_family == AF_INET6 ? "http://[%s]:%s/metrics" :
		 "http://%s:%s/metrics", host, port);
}

int metrics_addr_listen(const char *addr, int backlog, char *url, size_t url_size)
{
	struct addrinfo *res;
	char shown[LOG_ARG_BUF];
	const char *why;
	int fd, err = 0;

	if (resolve(addr, &res, &why)) {
		err_msg("--listen %s: %s", log_arg(addr, shown), why);
		return -1;
	}
	fd = bind_first(res, backlog, &err);
	freeaddrinfo(res);
	if (fd < 0) {
		err_msg("cannot listen on %s: %s (%s)", log_arg(addr, shown), strerror(err),
			err == EADDRINUSE ? "another program has that port: choose another one" :
			err == EADDRNOTAVAIL ? "no interface of this machine has that address" :
			err == EACCES ? "ports below 1024 need privileges: choose a higher one" :
			"check the address");
		return -1;
	}
	make_url(fd, url, url_size);
	return fd;
}
