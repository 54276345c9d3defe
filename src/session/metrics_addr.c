// SPDX-License-Identifier: GPL-2.0
/*
 * metrics_addr - --listen's address: numeric or localhost, never a name
 * looked up, or none (:PORT, every address of the machine, as exporters
 * take it); bound before tracefs is touched, so that a taken port refuses
 * the run with nothing changed
 */
#include <errno.h>
#include <stdbool.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/log.h"
#include "session/metrics_addr.h"
#include "session/metrics_server.h"

#define ADDR_MAX	128

/*
 * HOST:PORT, [HOST]:PORT or :PORT (@host empty: every address) into @host
 * and @port; 0, or -1 with *why.
 */
static int split_addr(const char *arg, char *host, char *port, const char **why)
{
	const char *colon = strrchr(arg, ':'), *h = arg;
	size_t hlen;

	*why = "give the address and the port to listen on: 127.0.0.1:9473 (this machine "
	       "only), :9473 (every address), 0.0.0.0:9473 (every IPv4 address), [::1]:9473";
	if (!colon)
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

/* @arg's addresses in *res; *any set when it names none (:PORT) */
static int resolve(const char *arg, struct addrinfo **res, bool *any, const char **why)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV };
	char host[ADDR_MAX], port[8];

	if (split_addr(arg, host, port, why))
		return -1;
	/* no name service: a number, or this machine */
	if (strcmp(host, "localhost"))
		hints.ai_flags |= AI_NUMERICHOST;
	/* none: the wildcard addresses of AI_PASSIVE, :: and 0.0.0.0 */
	*any = !*host;
	if (getaddrinfo(*any ? NULL : host, port, &hints, res)) {
		*why = "the address is not a numeric IPv4 or IPv6 address, nor localhost";
		return -1;
	}
	return 0;
}

int metrics_addr_check(const char *arg, const char **why)
{
	struct addrinfo *res;
	bool any;

	if (resolve(arg, &res, &any, why))
		return -1;
	freeaddrinfo(res);
	return 0;
}

static int bind_one(const struct addrinfo *ai, bool dual, int backlog, int *err)
{
	int one = 1, zero = 0, fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK |
					   SOCK_CLOEXEC, ai->ai_protocol);

	if (fd < 0) {
		*err = errno;
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	/* :: with IPv4 mapped in, whatever net.ipv6.bindv6only says */
	if (dual && setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero))) {
		*err = errno;
		close(fd);
		return -1;
	}
	if (!bind(fd, ai->ai_addr, ai->ai_addrlen) && !listen(fd, backlog))
		return fd;
	*err = errno;
	close(fd);
	return -1;
}

/*
 * The first of @res that binds. Every address (@any): :: for IPv6 and IPv4
 * at once first, then 0.0.0.0 where the machine has no IPv6.
 */
static int bind_first(struct addrinfo *res, bool any, int backlog, int *err)
{
	int fd;

	if (any)
		for (struct addrinfo *ai = res; ai; ai = ai->ai_next)
			if (ai->ai_family == AF_INET6) {
				fd = bind_one(ai, true, backlog, err);
				if (fd >= 0)
					return fd;
			}
	for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
		if (any && ai->ai_family == AF_INET6)
			continue;
		fd = bind_one(ai, false, backlog, err);
		if (fd >= 0)
			return fd;
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
	char *shown __shown = log_arg(addr);
	const char *why;
	int fd, err = 0;
	bool any;

	if (resolve(addr, &res, &any, &why)) {
		err_msg("--listen %s: %s", shown, why);
		return -1;
	}
	fd = bind_first(res, any, backlog, &err);
	freeaddrinfo(res);
	if (fd < 0) {
		err_msg("cannot listen on %s: %s (%s)", shown, strerror(err),
			err == EADDRINUSE ? "another program has that port: choose another one" :
			err == EADDRNOTAVAIL ? "no interface of this machine has that address" :
			err == EACCES ? "ports below 1024 need privileges: choose a higher one" :
			"check the address");
		return -1;
	}
	make_url(fd, url, url_size);
	return fd;
}
