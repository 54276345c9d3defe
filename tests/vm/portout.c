// SPDX-License-Identifier: GPL-2.0
/*
 * portout - copy stdin to an x86 I/O port, for the VM tests' output.
 *
 *   portout PORT < STREAM        (PORT: e.g. 0xe9)
 *
 * QEMU's isa-debugcon device at PORT writes every byte it gets to a host
 * file. Unlike a serial port, it needs no interrupt: a byte written is a
 * byte out, so the guest's output cannot stall on a lost or disabled UART
 * interrupt (the 6.1-rt kernel under TCG loses them). Needs CAP_SYS_RAWIO
 * (the guest's /init runs as root). Exits 0 at the end of stdin.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <unistd.h>

static void put_bytes(unsigned short port, const unsigned char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		outb(buf[i], port);
}

int main(int argc, char **argv)
{
	unsigned char buf[4096];
	unsigned long port;
	char *end;
	ssize_t n;

	if (argc != 2) {
		fprintf(stderr, "usage: portout PORT < STREAM\n");
		return 2;
	}
	port = strtoul(argv[1], &end, 0);
	if (*end || port == 0 || port > 0xffff) {
		fprintf(stderr, "portout: bad port '%s'\n", argv[1]);
		return 2;
	}
	if (ioperm(port, 1, 1)) {
		fprintf(stderr, "portout: ioperm(%#lx): %s\n", port, strerror(errno));
		return 1;
	}
	for (;;) {
		n = read(STDIN_FILENO, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0;
		put_bytes(port, buf, n);
	}
}
