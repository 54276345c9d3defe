// SPDX-License-Identifier: GPL-2.0
/*
 * ttyirq - a device interrupt at a known count: a serial port's transmit
 * interrupts, routed to one CPU, for rtlens's zoo of causes (tests/zoo/).
 *
 *   ttyirq -f DEVICE -t CPU -d SECONDS -r RATE [-b BYTES] [-c CPU]
 *
 * Opens DEVICE (a 16550 port with nothing on the other end, as QEMU's
 * "-serial null"), routes its IRQ to CPU -t (/proc/irq/N/smp_affinity_list)
 * and, from CPU -c (default 0), writes BYTES (default 16: one FIFO) RATE
 * times a second for SECONDS: the port interrupts as its FIFO empties.
 * Then it puts the IRQ's affinity back and prints
 *
 *   ttyirq: irq=N cpu=T writes=W interrupts=I
 *
 * with I the interrupts /proc/interrupts counted on CPU T meanwhile, the
 * IRQ routed there. Needs root.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/serial.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "../vm/helper.h"

const char helper_name[] = "ttyirq";

/* IRQ @irq's count on @cpu in /proc/interrupts, or -1 */
static long long irq_count(int irq, int cpu)
{
	FILE *f = fopen("/proc/interrupts", "re");
	char line[4096], *p, *end;
	long long val = -1;
	int i;

	while (f && fgets(line, sizeof(line), f)) {
		if (strtol(line, &p, 10) != irq || p == line || *p != ':')
			continue;
		for (i = 0, p++; i <= cpu; i++, p = end) {
			val = strtoll(p, &end, 10);
			if (end == p) {
				val = -1;
				break;
			}
		}
		break;
	}
	if (f)
		fclose(f);
	return val;
}

/* writes @list to IRQ @irq's affinity; the one before in @old */
static int route_irq(int irq, const char *list, char *old, size_t size)
{
	char path[64];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list", irq);
	f = fopen(path, "re");
	if (old && (!f || !fgets(old, (int)size, f))) {
		if (f)
			fclose(f);
		return -1;
	}
	if (f)
		fclose(f);
	f = fopen(path, "we");
	ok = f && fputs(list, f) >= 0;
	if (f && fclose(f))
		ok = 0;
	return ok ? 0 : -1;
}

/* the open port, raw; its IRQ in @irq */
static int open_port(const char *dev, int *irq)
{
	struct serial_struct ss;
	struct termios t;
	int fd = open(dev, O_WRONLY | O_NOCTTY);

	if (fd < 0 || ioctl(fd, TIOCGSERIAL, &ss) || tcgetattr(fd, &t)) {
		fprintf(stderr, "ttyirq: %s: %s\n", dev, strerror(errno));
		return -1;
	}
	cfmakeraw(&t);
	cfsetospeed(&t, B115200);
	if (tcsetattr(fd, TCSANOW, &t) || ss.irq <= 0) {
		fprintf(stderr, "ttyirq: %s: %s\n", dev, ss.irq <= 0 ? "no IRQ" : strerror(errno));
		return -1;
	}
	*irq = ss.irq;
	return fd;
}

static long write_at_rate(int fd, double seconds, long rate, long bytes)
{
	static const char buf[4096];
	long long next = now_ns(), end = next + (long long)(seconds * NSEC_PER_SEC);
	long writes = 0;

	while (!stop && now_ns() < end) {
		if (write(fd, buf, (size_t)bytes) > 0)
			writes++;
		next += NSEC_PER_SEC / rate;
		sleep_until(next);
	}
	tcdrain(fd);
	return writes;
}

int main(int argc, char **argv)
{
	long target = -1, cpu = 0, rate = 0, bytes = 16, writes;
	const char *dev = NULL;
	char old[256], list[32];
	long long before, after;
	double seconds = 0;
	int opt, fd, irq;

	while ((opt = getopt(argc, argv, "f:t:d:r:b:c:")) != -1) {
		switch (opt) {
		case 'f': dev = optarg; break;
		case 't': target = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1); break;
		case 'd': seconds = parse_seconds(optarg); break;
		case 'r': rate = parse_long(optarg, "rate", 1, 100000); break;
		case 'b': bytes = parse_long(optarg, "bytes", 1, 4096); break;
		case 'c': cpu = parse_long(optarg, "cpu", 0, CPU_SETSIZE - 1); break;
		default: dev = NULL; break;
		}
	}
	if (!dev || target < 0 || seconds <= 0 || !rate) {
		fprintf(stderr, "usage: ttyirq -f DEVICE -t CPU -d SECONDS -r RATE [-b BYTES] [-c CPU]\n");
		return 2;
	}
	if (pin_to_cpu(cpu)) {
		fprintf(stderr, "ttyirq: cannot pin to CPU %ld: %s\n", cpu, strerror(errno));
		return 1;
	}
	fd = open_port(dev, &irq);
	snprintf(list, sizeof(list), "%ld", target);
	if (fd < 0 || route_irq(irq, list, old, sizeof(old))) {
		fprintf(stderr, "ttyirq: IRQ of %s not routed to CPU %ld: %s\n", dev, target,
			strerror(errno));
		return 1;
	}
	stop_on_signals();
	before = irq_count(irq, (int)target);
	writes = write_at_rate(fd, seconds, rate, bytes);
	after = irq_count(irq, (int)target);
	route_irq(irq, old, NULL, 0);
	close(fd);
	printf("ttyirq: irq=%d cpu=%ld writes=%ld interrupts=%lld\n", irq, target, writes,
	       before < 0 || after < 0 ? -1 : after - before);
	return 0;
}
