// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for guest detection (fake sysroots, CPUID off), for the
 * steal time meter (on this machine's /proc/stat) and for the SMI counter
 * (fake /dev/cpu/N/msr files under a sysroot)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "source/machine/machine.h"
#include "sysroot.h"

static void put_dmi(const char *root, const char *vendor, const char *product)
{
	put_file(root, "sys/class/dmi/id/sys_vendor", vendor);
	put_file(root, "sys/class/dmi/id/product_name", product);
}

static void assert_virt(const char *root, bool guest, const char *hypervisor, const char *source)
{
	struct virt_info vi;

	memset(&vi, 0xa5, sizeof(vi));
	assert_int_equal(virt_detect_at(root, false, &vi), 0);
	assert_int_equal(vi.guest, guest);
	assert_string_equal(vi.hypervisor, hypervisor);
	assert_string_equal(vi.source, source);
}

static void test_virt_empty_sysroot(void **state)
{
	assert_virt(*state, false, "none", "none");
}

static void test_virt_bad_args(void **state)
{
	struct virt_info vi;

	assert_int_equal(virt_detect_at(NULL, false, &vi), -1);
	assert_int_equal(virt_detect_at(*state, false, NULL), -1);
}

static void test_virt_dmi_qemu(void **state)
{
	put_dmi(*state, "QEMU\n", "Standard PC (Q35 + ICH9, 2009)\n");
	assert_virt(*state, true, "QEMU", "dmi");
}

static void test_virt_dmi_kvm_product(void **state)
{
	put_dmi(*state, "Red Hat\n", "KVM\n");
	assert_virt(*state, true, "KVM", "dmi");
}

static void test_virt_dmi_vmware(void **state)
{
	put_dmi(*state, "VMware, Inc.\n", "VMware Virtual Platform\n");
	assert_virt(*state, true, "VMware", "dmi");
}

static void test_virt_dmi_virtualbox(void **state)
{
	put_dmi(*state, "innotek GmbH\n", "VirtualBox\n");
	assert_virt(*state, true, "VirtualBox", "dmi");
}

static void test_virt_dmi_hyperv(void **state)
{
	put_dmi(*state, "Microsoft Corporation\n", "Virtual Machine\n");
	assert_virt(*state, true, "Microsoft Hv", "dmi");
}

static void test_virt_dmi_microsoft_hardware(void **state)
{
	put_dmi(*state, "Microsoft Corporation\n", "Surface Laptop 5\n");
	assert_virt(*state, false, "none", "none");
}

static void test_virt_dmi_ec2(void **state)
{
	put_dmi(*state, "Amazon EC2\n", "m5.large\n");
	assert_virt(*state, true, "Amazon EC2", "dmi");
}

static void test_virt_dmi_ec2_metal(void **state)
{
	put_dmi(*state, "Amazon EC2\n", "m5.metal\n");
	assert_virt(*state, false, "none", "none");
}

static void test_virt_dmi_gce(void **state)
{
	put_dmi(*state, "Google\n", "Google Compute Engine\n");
	assert_virt(*state, true, "Google Compute Engine", "dmi");
}

static void test_virt_dmi_xen_hvm(void **state)
{
	put_dmi(*state, "Xen\n", "HVM domU\n");
	assert_virt(*state, true, "Xen", "dmi");
}

static void test_virt_dmi_bare_metal(void **state)
{
	put_dmi(*state, "Dell Inc.\n", "PowerEdge R750\n");
	assert_virt(*state, false, "none", "none");
}

static void test_virt_sys_hypervisor(void **state)
{
	put_file(*state, "sys/hypervisor/type", "xen\n");
	assert_virt(*state, true, "Xen", "sys-hypervisor");
}

static void test_virt_sys_hypervisor_other(void **state)
{
	put_file(*state, "sys/hypervisor/type", "  \n");
	assert_virt(*state, false, "none", "none");
	put_file(*state, "sys/hypervisor/type", "acme hv\n");
	assert_virt(*state, true, "acme hv", "sys-hypervisor");
}

/* DMI comes before /sys/hypervisor; bare-metal DMI does not hide it */
static void test_virt_order(void **state)
{
	put_file(*state, "sys/hypervisor/type", "xen\n");
	put_dmi(*state, "Amazon EC2\n", "t3.micro\n");
	assert_virt(*state, true, "Amazon EC2", "dmi");
	put_dmi(*state, "Dell Inc.\n", "PowerEdge R750\n");
	assert_virt(*state, true, "Xen", "sys-hypervisor");
}

static void test_virt_cpuid_signatures(void **state)
{
	(void)state;
	assert_string_equal(virt_cpuid_hypervisor("KVMKVMKVM\0\0\0"), "KVM");
	assert_string_equal(virt_cpuid_hypervisor("Microsoft Hv"), "Microsoft Hv");
	assert_string_equal(virt_cpuid_hypervisor("VMwareVMware"), "VMware");
	assert_string_equal(virt_cpuid_hypervisor("XenVMMXenVMM"), "Xen");
	assert_string_equal(virt_cpuid_hypervisor("TCGTCGTCGTCG"), "TCG");
	assert_null(virt_cpuid_hypervisor("KVMKVMKVMKVM"));
	assert_null(virt_cpuid_hypervisor("\0\0\0\0\0\0\0\0\0\0\0\0"));
}

static void test_virt_dmi_names(void **state)
{
	(void)state;
	assert_null(virt_dmi_hypervisor("", ""));
	assert_null(virt_dmi_hypervisor(NULL, "KVM"));
	assert_string_equal(virt_dmi_hypervisor("", "KVM"), "KVM");
	assert_null(virt_dmi_hypervisor("Microsoft Corporation", ""));
	assert_null(virt_dmi_hypervisor("Google", "Pixelbook"));
}

/* On this machine: succeeds, and says something coherent */
static void test_virt_detect_here(void **state)
{
	struct virt_info vi;

	(void)state;
	assert_int_equal(virt_detect(&vi), 0);
	assert_true(vi.hypervisor[0] && vi.source[0]);
	assert_int_equal(vi.guest, strcmp(vi.source, "none") != 0);
	print_message("this machine: guest=%d hypervisor=\"%s\" source=\"%s\"\n",
		      vi.guest, vi.hypervisor, vi.source);
}

static void test_steal_ticks_to_ns(void **state)
{
	(void)state;
	assert_int_equal(steal_ticks_to_ns(0, 100), 0);
	assert_int_equal(steal_ticks_to_ns(1, 100), 10000000ULL);
	assert_int_equal(steal_ticks_to_ns(250, 100), 2500000000ULL);
	assert_int_equal(steal_ticks_to_ns(1, 1000), 1000000ULL);
	assert_int_equal(steal_ticks_to_ns(7, 3), 2333333333ULL);
	assert_int_equal(steal_ticks_to_ns(5, 0), 0);
	assert_int_equal(steal_ticks_to_ns(5, -1), 0);
	/* no overflow where ticks * 1e9 would wrap */
	assert_int_equal(steal_ticks_to_ns(100000000000ULL, 100), 1000000000000000000ULL);
}

static void test_steal_here(void **state)
{
	struct steal_meter m;
	long nr = sysconf(_SC_NPROCESSORS_CONF);
	uint64_t sum = 0;
	int cpu, present = 0;

	(void)state;
	assert_true(nr > 0);
	assert_int_equal(steal_meter_start(&m, (int)nr), 0);
	assert_int_equal(m.clk_tck, sysconf(_SC_CLK_TCK));
	assert_int_equal(steal_ns(&m, 0), 0);		/* not stopped yet */
	for (cpu = 0; cpu < nr; cpu++)
		present += m.start[cpu] != STEAL_NO_CPU;
	assert_true(present > 0 && present <= nr);
	usleep(20000);
	assert_int_equal(steal_meter_stop(&m), 0);
	for (cpu = 0; cpu < nr; cpu++)
		sum += steal_ns(&m, cpu);
	assert_int_equal(steal_total_ns(&m), sum);
	assert_int_equal(steal_ns(&m, -1), 0);
	assert_int_equal(steal_ns(&m, (int)nr), 0);
	steal_meter_free(&m);
	assert_int_equal(steal_total_ns(&m), 0);
}

/* Missing CPUs and counters going back give 0; the total adds ticks */
static void test_steal_missing_cpu(void **state)
{
	uint64_t start[4] = { 10, STEAL_NO_CPU, 30, 50 };
	uint64_t stop[4] = { 13, 20, STEAL_NO_CPU, 40 };
	struct steal_meter m = { .nr_cpus = 4, .clk_tck = 100, .start = start, .stop = stop };

	(void)state;
	assert_int_equal(steal_ns(&m, 0), 30000000ULL);
	assert_int_equal(steal_ns(&m, 1), 0);
	assert_int_equal(steal_ns(&m, 2), 0);
	assert_int_equal(steal_ns(&m, 3), 0);
	assert_int_equal(steal_total_ns(&m), 30000000ULL);
}

static void test_steal_bad_args(void **state)
{
	struct steal_meter m;

	(void)state;
	assert_int_equal(steal_meter_start(&m, 0), -1);
	assert_int_equal(steal_meter_stop(&m), -1);
	assert_int_equal(steal_total_ns(&m), 0);
	steal_meter_free(&m);
}

#define sysroot_test(f) cmocka_unit_test_setup_teardown(f, sysroot_setup, sysroot_teardown)

/* @root/dev/cpu/@cpu/msr: a file whose 8 bytes at 0x34 hold @smis */
static void put_msr(const char *root, int cpu, uint64_t smis)
{
	char rel[64], path[4096];
	FILE *f;

	snprintf(rel, sizeof(rel), "dev/cpu/%d/msr", cpu);
	put_file(root, rel, "");
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "r+");
	assert_non_null(f);
	assert_int_equal(fseek(f, 0x34, SEEK_SET), 0);
	assert_int_equal(fwrite(&smis, sizeof(smis), 1, f), 1);
	assert_int_equal(fclose(f), 0);
}

static void smi_cpus(struct cpu_mask *cpus, const char *list)
{
	const char *why;

	assert_int_equal(cpu_mask_init(cpus, 4), 0);
	assert_int_equal(cpu_mask_parse(cpus, list, &why), 0);
}

/* the SMIs between the reads, for the measured CPUs only; a reset restarts */
static void test_smi_counts(void **state)
{
	const char *root = *state;
	struct smi_meter m;
	struct cpu_mask cpus;

	put_msr(root, 1, 3);
	put_msr(root, 2, 10);
	put_msr(root, 3, 7);
	smi_cpus(&cpus, "1-2");
	assert_int_equal(smi_meter_start_at(&m, root, &cpus, 4), 0);
	assert_int_equal(smi_count(&m, 1), SMI_UNKNOWN);	/* not stopped yet */
	put_msr(root, 1, 203);
	put_msr(root, 3, 70);
	smi_meter_stop(&m);
	assert_int_equal(smi_count(&m, 1), 200);
	assert_int_equal(smi_count(&m, 2), 0);
	assert_int_equal(smi_count(&m, 3), SMI_UNKNOWN);	/* not measured */
	assert_int_equal(smi_count(&m, 0), SMI_UNKNOWN);
	assert_int_equal(smi_count(&m, 4), SMI_UNKNOWN);
	assert_string_equal(m.why, "");
	smi_meter_restart(&m);				/* r: counted from here */
	put_msr(root, 1, 250);
	smi_meter_stop(&m);
	assert_int_equal(smi_count(&m, 1), 47);
	smi_meter_free(&m);
	cpu_mask_free(&cpus);
}

/* no msr device: unknown, and why says what to do */
static void test_smi_no_module(void **state)
{
	struct smi_meter m;
	struct cpu_mask cpus;

	smi_cpus(&cpus, "0");
	assert_int_equal(smi_meter_start_at(&m, *state, &cpus, 4), 0);
	smi_meter_stop(&m);
	assert_int_equal(smi_count(&m, 0), SMI_UNKNOWN);
	assert_non_null(strstr(m.why, "modprobe msr"));
	smi_meter_free(&m);
	cpu_mask_free(&cpus);
}

/* a CPU without the MSR (AMD: the read fails): unknown, said */
static void test_smi_no_counter(void **state)
{
	const char *root = *state;
	struct smi_meter m;
	struct cpu_mask cpus;

	put_file(root, "dev/cpu/0/msr", "");		/* too short for 0x34 */
	smi_cpus(&cpus, "0");
	assert_int_equal(smi_meter_start_at(&m, root, &cpus, 4), 0);
	smi_meter_stop(&m);
	assert_int_equal(smi_count(&m, 0), SMI_UNKNOWN);
	assert_non_null(strstr(m.why, "no SMI counter"));
	smi_meter_free(&m);
	cpu_mask_free(&cpus);
}

/* a counter that went back (a CPU reset, a replaced file) is not a count */
static void test_smi_backwards(void **state)
{
	const char *root = *state;
	struct smi_meter m;
	struct cpu_mask cpus;

	put_msr(root, 0, 100);
	smi_cpus(&cpus, "0");
	assert_int_equal(smi_meter_start_at(&m, root, &cpus, 4), 0);
	put_msr(root, 0, 5);
	smi_meter_stop(&m);
	assert_int_equal(smi_count(&m, 0), SMI_UNKNOWN);
	smi_meter_free(&m);
	cpu_mask_free(&cpus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		sysroot_test(test_virt_empty_sysroot),
		sysroot_test(test_virt_bad_args),
		sysroot_test(test_virt_dmi_qemu),
		sysroot_test(test_virt_dmi_kvm_product),
		sysroot_test(test_virt_dmi_vmware),
		sysroot_test(test_virt_dmi_virtualbox),
		sysroot_test(test_virt_dmi_hyperv),
		sysroot_test(test_virt_dmi_microsoft_hardware),
		sysroot_test(test_virt_dmi_ec2),
		sysroot_test(test_virt_dmi_ec2_metal),
		sysroot_test(test_virt_dmi_gce),
		sysroot_test(test_virt_dmi_xen_hvm),
		sysroot_test(test_virt_dmi_bare_metal),
		sysroot_test(test_virt_sys_hypervisor),
		sysroot_test(test_virt_sys_hypervisor_other),
		sysroot_test(test_virt_order),
		cmocka_unit_test(test_virt_cpuid_signatures),
		cmocka_unit_test(test_virt_dmi_names),
		cmocka_unit_test(test_virt_detect_here),
		cmocka_unit_test(test_steal_ticks_to_ns),
		cmocka_unit_test(test_steal_here),
		cmocka_unit_test(test_steal_missing_cpu),
		cmocka_unit_test(test_steal_bad_args),
		sysroot_test(test_smi_counts),
		sysroot_test(test_smi_no_module),
		sysroot_test(test_smi_no_counter),
		sysroot_test(test_smi_backwards),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
