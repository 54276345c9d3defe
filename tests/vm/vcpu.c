// SPDX-License-Identifier: GPL-2.0
/*
 * vcpu - a KVM guest with one vCPU, a known source of vCPU noise for the
 * VM tests (the test guest runs it nested, on SVM emulated by TCG).
 *
 *   vcpu -c CPU -p PRIO -n NAME -d SECONDS [--duty PCT] [--period-ms MS]
 *
 * Creates a VM through /dev/kvm whose one vCPU runs, in real mode, a loop
 * of CPUID (handled in the kernel: an exit of reason cpuid) and OUT to port
 * 0x10 (an exit to this program: reason io). The thread that runs the vCPU
 * names itself NAME, pins itself to CPU and runs as SCHED_FIFO PRIO
 * (0 = SCHED_OTHER); it runs the vCPU for PCT% of every MS-millisecond
 * period (default 100% of 100 ms) and sleeps the rest, until SECONDS have
 * passed or SIGTERM/SIGINT comes. On exit it prints one line on stdout:
 *
 *   vcpu: name=NAME pid=PID cpu=CPU prio=PRIO io_exits=N busy_ms=N
 *
 * Exit status: 0, or 1 with a message when KVM is not there or fails.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/kvm.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "helper.h"

#define GUEST_MEM	0x10000
#define GUEST_CODE	0x1000
#define OUT_PORT	0x10

const char helper_name[] = "vcpu";

struct vm {
	int kvm;
	int vm;
	int vcpu;
	struct kvm_run *run;
};

/* real mode: mov ax,0; cpuid; out 0x10,al; jmp back to the mov */
static const unsigned char guest_code[] = {
	0xb8, 0x00, 0x00,
	0x0f, 0xa2,
	0xe6, OUT_PORT,
	0xeb, 0xf7,
};

static void die(const char *what)
{
	fprintf(stderr, "vcpu: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(int status)
{
	fprintf(status ? stderr : stdout,
		"usage: vcpu -c CPU -p PRIO -n NAME -d SECONDS [--duty PCT] [--period-ms MS]\n"
		"  run a KVM vCPU (CPUID and OUT exits) PCT%% (default 100) of every\n"
		"  MS ms (default 100) on CPU, as SCHED_FIFO PRIO (0 = SCHED_OTHER),\n"
		"  in a thread named NAME, for SECONDS\n");
	exit(status);
}

static void vm_memory(struct vm *v)
{
	struct kvm_userspace_memory_region region = {
		.slot = 0,
		.guest_phys_addr = 0,
		.memory_size = GUEST_MEM,
	};
	void *mem;

	mem = mmap(NULL, GUEST_MEM, PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		die("mmap guest memory");
	memcpy((char *)mem + GUEST_CODE, guest_code, sizeof(guest_code));
	region.userspace_addr = (unsigned long)mem;
	if (ioctl(v->vm, KVM_SET_USER_MEMORY_REGION, &region))
		die("KVM_SET_USER_MEMORY_REGION");
}

static void vcpu_registers(struct vm *v)
{
	struct kvm_sregs sregs;
	struct kvm_regs regs;

	if (ioctl(v->vcpu, KVM_GET_SREGS, &sregs))
		die("KVM_GET_SREGS");
	sregs.cs.base = 0;
	sregs.cs.selector = 0;
	if (ioctl(v->vcpu, KVM_SET_SREGS, &sregs))
		die("KVM_SET_SREGS");
	memset(&regs, 0, sizeof(regs));
	regs.rip = GUEST_CODE;
	regs.rflags = 0x2;
	if (ioctl(v->vcpu, KVM_SET_REGS, &regs))
		die("KVM_SET_REGS");
}

static void vm_create(struct vm *v)
{
	long size;

	v->kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (v->kvm < 0)
		die("open /dev/kvm");
	v->vm = ioctl(v->kvm, KVM_CREATE_VM, 0);
	if (v->vm < 0)
		die("KVM_CREATE_VM");
	vm_memory(v);
	v->vcpu = ioctl(v->vm, KVM_CREATE_VCPU, 0);
	if (v->vcpu < 0)
		die("KVM_CREATE_VCPU");
	size = ioctl(v->kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (size <= 0)
		die("KVM_GET_VCPU_MMAP_SIZE");
	v->run = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, v->vcpu, 0);
	if (v->run == MAP_FAILED)
		die("mmap kvm_run");
	vcpu_registers(v);
}

/* runs the vCPU until deadline; returns the io exits seen */
static long run_until(struct vm *v, long long deadline)
{
	long io = 0;

	while (!stop && now_ns() < deadline) {
		if (ioctl(v->vcpu, KVM_RUN, 0) && errno != EINTR)
			die("KVM_RUN");
		if (v->run->exit_reason == KVM_EXIT_IO &&
		    v->run->io.port == OUT_PORT) {
			io++;
			continue;
		}
		if (v->run->exit_reason != KVM_EXIT_INTR) {
			fprintf(stderr, "vcpu: unexpected exit reason %u\n",
				v->run->exit_reason);
			exit(1);
		}
	}
	return io;
}

int main(int argc, char **argv)
{
	struct burst_opts o = { .cpu = -1, .duty = 100, .period_ms = 100 };
	long long start, end, next, busy_ns = 0, t;
	struct vm v;
	long io = 0;

	parse_burst_opts(argc, argv, &o, usage);
	stop_on_signals();
	if (burst_setup(&o))
		return 1;
	vm_create(&v);

	start = now_ns();
	end = start + (long long)(o.seconds * NSEC_PER_SEC);
	for (next = start; !stop && next < end; next += o.period_ms * NSEC_PER_MSEC) {
		sleep_until(next);
		t = now_ns();
		io += run_until(&v, next + o.period_ms * NSEC_PER_MSEC * o.duty / 100);
		busy_ns += now_ns() - t;
	}
	printf("vcpu: name=%s pid=%d cpu=%d prio=%d io_exits=%ld busy_ms=%lld\n",
	       o.name, getpid(), o.cpu, o.prio, io, busy_ns / NSEC_PER_MSEC);
	return 0;
}
