// SPDX-License-Identifier: GPL-2.0
/*
 * netrx - network receive work at a known rate: UDP datagrams over the
 * loopback device, for rtlens's zoo of causes (tests/zoo/).
 *
 *   netrx -d SECONDS -r RATE [-b BYTES] [-c CPU]
 *
 * From CPU (default 0), RATE times a second for SECONDS, sends itself a
 * datagram of BYTES (default 64) on 127.0.0.1 and reads back what has
 * arrived without waiting. Where the receive work runs is the loopback
 * device's Receive Packet Steering (/sys/class/net/lo/queues/rx-0/
 * rps_cpus), set by the caller: the NET_RX softirq of the CPU it names.
 * On exit it prints
 *
 *   netrx: sent=N received=M
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../vm/helper.h"

const char helper_name[] = "netrx";

/* a UDP socket on 127.0.0.1 connected to itself, or -1 */
static int self_socket(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(fd, (struct sockaddr *)&a, &len) ||
	    connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		fprintf(stderr, "netrx: a UDP socket on 127.0.0.1: %s (is lo up?)\n",
			strerror(errno));
		return -1;
	}
	return fd;
}

/* what has arrived, read without waiting */
static long drain(int fd)
{
	char buf[65536];
	long n = 0;

	while (recv(fd, buf, sizeof(buf), MSG_DONTWAIT) >= 0)
		n++;
	return n;
}

int main(int argc, char **argv)
{
	long rate = 0, bytes = 64, cpu = 0, sent = 0, received = 0;
	static const char payload[65507];
	long long next, end;
	double seconds = 0;
	int opt, fd;

	while ((opt = getopt(argc, argv, "d:r:b:c:")) != -1) {
		switch (opt) {
		case 'd': seconds = parse_seconds(optarg); break;
		case 'r': rate = parse_long(optarg, "rate", 1, 100000); break;
		case 'b': bytes = parse_long(optarg, "bytes", 1, sizeof(payload)); break;
		case 'c': cpu = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1); break;
		default: rate = 0; break;
		}
	}
	if (seconds <= 0 || !rate) {
		fprintf(stderr, "usage: netrx -d SECONDS -r RATE [-b BYTES] [-c CPU]\n");
		return 2;
	}
	if (pin_to_cpu(cpu)) {
		fprintf(stderr, "netrx: cannot pin to CPU %ld: %s\n", cpu, strerror(errno));
		return 1;
	}
	fd = self_socket();
	if (fd < 0)
		return 1;
	stop_on_signals();
	next = now_ns();
	end = next + (long long)(seconds * NSEC_PER_SEC);
	while (!stop && now_ns() < end) {
		if (send(fd, payload, (size_t)bytes, 0) == bytes)
			sent++;
		received += drain(fd);
		next += NSEC_PER_SEC / rate;
		sleep_until(next);
	}
	sleep_until(now_ns() + NSEC_PER_SEC / 10);	/* the last ones in flight */
	received += drain(fd);
	close(fd);
	printf("netrx: sent=%ld received=%ld\n", sent, received);
	return 0;
}
