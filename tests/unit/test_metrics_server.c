// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the --listen endpoint itself: the addresses it takes,
 * a port already taken, and real exchanges on the loopback (the answers,
 * their headers, the text swapped by a publication, more clients than
 * select() could watch)
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <cmocka.h>

#include "session/metrics_server.h"
#include "capture.h"

static void addr_ok(const char *arg)
{
	const char *why = NULL;

	if (metrics_addr_check(arg, &why))
		fail_msg("%s refused: %s", arg, why);
}

static void addr_bad(const char *arg, const char *reason)
{
	const char *why = NULL;

	assert_int_equal(metrics_addr_check(arg, &why), -1);
	if (!strstr(why, reason))
		fail_msg("%s: \"%s\", want \"%s\"", arg, why, reason);
}

static void test_addresses(void **state)
{
	(void)state;
	addr_ok("127.0.0.1:9473");
	addr_ok("0.0.0.0:0");
	addr_ok("[::1]:9473");
	addr_ok("[::]:65535");
	addr_ok("localhost:9473");
	addr_ok(":9473");		/* every address, as exporters take it */
	addr_ok(":0");
	addr_bad("9473", "give the address and the port");
	addr_bad("[]:9473", "give the address and the port");
	addr_bad(":", "port must be a number from 0");
	addr_bad(":94x3", "port must be a number from 0");
	addr_bad("[::1:9473", "give the address and the port");
	addr_bad("127.0.0.1:", "port must be a number from 0");
	addr_bad("127.0.0.1:70000", "port must be a number from 0");
	addr_bad("127.0.0.1:94x3", "port must be a number from 0");
	addr_bad("example.org:9473", "not a numeric IPv4 or IPv6 address");
}

/* a socket connected to @port of the loopback, reads bounded in time */
static int client(int port)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port),
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct timeval tv = { .tv_sec = 10 };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	assert_true(fd >= 0);
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	return fd;
}

/* @request sent, the whole answer (the server closes after it); free it */
static char *exchange(int port, const char *request)
{
	char *answer = NULL, buf[4096];
	size_t len = 0;
	FILE *out = open_memstream(&answer, &len);
	int fd = client(port);
	ssize_t n;

	assert_int_equal(send(fd, request, strlen(request), MSG_NOSIGNAL), strlen(request));
	while ((n = recv(fd, buf, sizeof(buf), 0)) > 0)
		fwrite(buf, 1, n, out);
	assert_int_equal(n, 0);		/* closed, not timed out */
	close(fd);
	fclose(out);
	return answer;
}

static void expect(int port, const char *request, const char *parts[])
{
	char *answer = exchange(port, request);

	for (int i = 0; parts[i]; i++)
		if (!strstr(answer, parts[i]))
			fail_msg("no \"%s\" in the answer to %s:\n%s", parts[i], request, answer);
	free(answer);
}

#define EXPECT(port, request, ...) \
	expect(port, request, (const char *[]){ __VA_ARGS__, NULL })

static void publish(struct metrics_server *ms, const char *prom, const char *om)
{
	char *text[NR_METRICS_FORMATS] = { strdup(prom), strdup(om) };
	size_t len[NR_METRICS_FORMATS] = { strlen(prom), strlen(om) };

	metrics_server_publish(ms, text, len);
}

/* listening on a free port of the loopback; its number in *port */
static struct metrics_server *server_on_loopback(int *port)
{
	struct metrics_server *ms = metrics_server_open("127.0.0.1:0");

	assert_non_null(ms);
	assert_int_equal(sscanf(metrics_server_url(ms), "http://127.0.0.1:%d/metrics", port), 1);
	assert_true(*port > 0);
	return ms;
}

static void test_answers(void **state)
{
	struct metrics_server *ms;
	char *head;
	int port;

	(void)state;
	ms = server_on_loopback(&port);
	publish(ms, "prom 1\n", "om 1\n# EOF\n");
	assert_int_equal(metrics_server_start(ms), 0);
	EXPECT(port, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", "HTTP/1.1 200 OK\r\n",
	       "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\n",
	       "Content-Length: 7\r\n", "Cache-Control: no-store\r\n", "\r\n\r\nprom 1\n");
	EXPECT(port, "GET /metrics?x=1 HTTP/1.1\r\nHost: x\r\nAccept: text/plain;q=0.5,"
	       "application/openmetrics-text;version=1.0.0\r\n\r\n", "HTTP/1.1 200 OK\r\n",
	       "Content-Type: application/openmetrics-text; version=1.0.0; charset=utf-8\r\n",
	       "\r\n\r\nom 1\n# EOF\n");
	EXPECT(port, "POST /metrics HTTP/1.1\r\nContent-Length: 0\r\n\r\n",
	       "HTTP/1.1 405 Method Not Allowed\r\n", "Allow: GET, HEAD\r\n",
	       "\r\n\r\nGET or HEAD /metrics\n");
	EXPECT(port, "GET /x HTTP/1.0\r\n\r\n", "HTTP/1.1 404 Not Found\r\n",
	       "\r\n\r\nrtlens serves /metrics only\n");
	publish(ms, "prom 2\n", "om 2\n# EOF\n");
	EXPECT(port, "GET /metrics HTTP/1.0\r\n\r\n", "\r\n\r\nprom 2\n");
	head = exchange(port, "HEAD /metrics HTTP/1.0\r\n\r\n");
	assert_non_null(strstr(head, "HTTP/1.1 200 OK\r\n"));
	assert_string_equal(strstr(head, "\r\n\r\n"), "\r\n\r\n");	/* no body */
	free(head);
	metrics_server_close(ms);
}

static void test_nothing_yet(void **state)
{
	struct metrics_server *ms;
	int port;

	(void)state;
	ms = server_on_loopback(&port);
	assert_int_equal(metrics_server_start(ms), 0);
	EXPECT(port, "GET /metrics HTTP/1.0\r\n\r\n", "HTTP/1.1 503 Service Unavailable\r\n",
	       "no metrics yet\n");
	metrics_server_close(ms);
}

static void test_port_taken(void **state)
{
	struct metrics_server *ms;
	struct capture c;
	char addr[32];
	int port;

	(void)state;
	ms = server_on_loopback(&port);
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", port);
	capture_start(&c, 2);
	assert_null(metrics_server_open(addr));
	capture_end_expect(&c, "Address already in use (another program has that port");
	metrics_server_close(ms);
}

/* IPv6 in brackets, in the URL too (where the loopback has it) */
static void test_ipv6(void **state)
{
	struct metrics_server *ms;
	struct capture c;

	(void)state;
	capture_start(&c, 2);
	ms = metrics_server_open("[::1]:0");
	free(capture_end(&c));
	if (!ms)
		skip();
	assert_int_equal(strncmp(metrics_server_url(ms), "http://[::1]:", 13), 0);
	metrics_server_close(ms);
}

/* @port of the IPv6 loopback reached: 0, or -1 where it has none */
static int reach_ipv6(int port)
{
	struct sockaddr_in6 sa = { .sin6_family = AF_INET6, .sin6_port = htons(port),
				   .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	int fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0), rc;

	if (fd < 0)
		return -1;
	rc = connect(fd, (struct sockaddr *)&sa, sizeof(sa));
	close(fd);
	return rc;
}

/* :PORT binds every address: IPv4 and, where the machine has it, IPv6 */
static void test_every_address(void **state)
{
	struct metrics_server *ms;
	const char *url, *colon;
	int port;

	(void)state;
	ms = metrics_server_open(":0");
	assert_non_null(ms);
	url = metrics_server_url(ms);
	if (strncmp(url, "http://[::]:", 12) && strncmp(url, "http://0.0.0.0:", 15))
		fail_msg("URL %s, want http://[::]:PORT/metrics or http://0.0.0.0:PORT/metrics", url);
	colon = strrchr(url, ':');
	assert_int_equal(sscanf(colon, ":%d/metrics", &port), 1);
	assert_true(port > 0);
	publish(ms, "prom\n", "om\n# EOF\n");
	assert_int_equal(metrics_server_start(ms), 0);
	EXPECT(port, "GET /metrics HTTP/1.0\r\n\r\n", "HTTP/1.1 200 OK\r\n", "\r\n\r\nprom\n");
	if (!strncmp(url, "http://[::]:", 12))
		assert_int_equal(reach_ipv6(port), 0);
	metrics_server_close(ms);
}

/* more clients than FD_SETSIZE descriptors (theirs and the server's), all held */
#define CROWD	1100

static void test_crowd(void **state)
{
	struct metrics_server *ms;
	struct rlimit rl;
	int port, fds[CROWD];

	(void)state;
	getrlimit(RLIMIT_NOFILE, &rl);
	if (rl.rlim_max < 3 * CROWD)
		skip();
	rl.rlim_cur = rl.rlim_max;
	setrlimit(RLIMIT_NOFILE, &rl);
	ms = server_on_loopback(&port);
	publish(ms, "prom\n", "om\n# EOF\n");
	assert_int_equal(metrics_server_start(ms), 0);
	for (int i = 0; i < CROWD; i++) {
		fds[i] = client(port);
		if (i % 3 == 0)		/* half a request */
			send(fds[i], "GET /metrics HTTP/1.1\r\n", 23, MSG_NOSIGNAL);
	}
	EXPECT(port, "GET /metrics HTTP/1.0\r\n\r\n", "HTTP/1.1 200 OK\r\n", "\r\n\r\nprom\n");
	metrics_server_close(ms);	/* with them connected */
	for (int i = 0; i < CROWD; i++) {
		char c;
		ssize_t n = recv(fds[i], &c, 1, 0);

		/* closed by the server (reset when it had not read everything) */
		assert_true(n == 0 || (n < 0 && errno == ECONNRESET));
		close(fds[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_answers),
		cmocka_unit_test(test_every_address),
		cmocka_unit_test(test_nothing_yet),
		cmocka_unit_test(test_port_taken),
		cmocka_unit_test(test_ipv6),
		cmocka_unit_test(test_crowd),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
