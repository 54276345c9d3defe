// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for allowed_cpus: which CPUs rtlens measures and judges
 * without -c, from the online, allowed (affinity), isolated and cpuset
 * sets, and this process's own, read with its affinity narrowed (the
 * cgroup's cpuset from fake files under a sysroot)
 */
#include <sched.h>
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

#define NR_CPUS		16

static void mask_of(struct cpu_mask *m, const char *list)
{
	assert_int_equal(cpu_mask_init(m, NR_CPUS), 0);
	if (list[0])
		assert_int_equal(cpu_mask_parse(m, list, NULL), 0);
}

/*
 * The choice for these sets ("" for an empty one): @from (NULL: all, as
 * rtla) and, with one, the CPUs @want.
 */
static void choose_is(const char *online, const char *allowed, const char *isolated,
		      const char *cpuset, const char *from, const char *want)
{
	struct allowed_input in;
	struct cpu_mask out;
	const char *got;
	char *list;

	mask_of(&in.online, online);
	mask_of(&in.allowed, allowed);
	mask_of(&in.isolated, isolated);
	mask_of(&in.cpuset, cpuset);
	mask_of(&out, "15");	/* a bit the choice must clear */
	got = allowed_cpus_choose(&in, &out);
	if (!from) {
		assert_null(got);
	} else {
		assert_non_null(got);
		assert_string_equal(got, from);
		list = cpu_mask_list(&out);
		assert_string_equal(list, want);
		free(list);
	}
	cpu_mask_free(&in.online);
	cpu_mask_free(&in.allowed);
	cpu_mask_free(&in.isolated);
	cpu_mask_free(&in.cpuset);
	cpu_mask_free(&out);
}

/* a plain host: rtlens may run on every CPU, and measures them all, as rtla */
static void test_every_cpu(void **state)
{
	(void)state;
	choose_is("0-7", "0-7", "", "0-7", NULL, NULL);
	choose_is("0-7", "0-7", "", "", NULL, NULL);
	choose_is("0-7", "0-15", "", "", NULL, NULL);	/* bits past the online ones */
}

/*
 * isolcpus takes the isolated CPUs out of every task's affinity: on an
 * isolated host, the rest is not a narrowing, and the isolated CPUs are
 * the ones to measure
 */
static void test_isolated_host(void **state)
{
	(void)state;
	choose_is("0-7", "0-1", "2-7", "0-7", NULL, NULL);
	choose_is("0-7", "0-1", "2-7", "", NULL, NULL);
	/* a pod given some of the isolated CPUs measures those */
	choose_is("0-7", "4-5", "2-7", "4-5", ALLOWED_FROM_CPUSET, "4-5");
	/* a taskset on the housekeeping CPUs narrows them */
	choose_is("0-7", "0", "2-7", "0-7", ALLOWED_FROM_AFFINITY, "0");
}

/* a container's or a pod's cpuset: the cgroup's effective CPUs are the affinity */
static void test_cpuset(void **state)
{
	(void)state;
	choose_is("0-7", "2-5", "", "2-5", ALLOWED_FROM_CPUSET, "2-5");
	choose_is("0-7", "3", "", "3", ALLOWED_FROM_CPUSET, "3");
	/* the cpuset's offline CPUs do not count */
	choose_is("0-5", "2-5", "", "2-7", ALLOWED_FROM_CPUSET, "2-5");
}

/* taskset, systemd's CPUAffinity: narrower than the cpuset, or no cpuset known */
static void test_affinity(void **state)
{
	(void)state;
	choose_is("0-7", "0", "", "0-7", ALLOWED_FROM_AFFINITY, "0");
	choose_is("0-7", "2-3", "", "2-5", ALLOWED_FROM_AFFINITY, "2-3");
	choose_is("0-7", "1,3,5", "", "", ALLOWED_FROM_AFFINITY, "1,3,5");
}

/* only the online CPUs are measured; an unknown set measures all */
static void test_offline_and_unknown(void **state)
{
	(void)state;
	choose_is("0-3,6-7", "0-7", "", "", NULL, NULL);
	choose_is("0-3,6-7", "2-5", "", "", ALLOWED_FROM_AFFINITY, "2-3");
	choose_is("0-3", "4-5", "", "", NULL, NULL);	/* none online */
	choose_is("", "2-3", "", "", NULL, NULL);	/* online unknown */
	choose_is("0-7", "", "", "", NULL, NULL);	/* affinity unknown */
}

/* this process's affinity narrowed to its first CPU, which *first gets; 0, or -1 to skip */
static int narrow_affinity(cpu_set_t *old, int *first)
{
	cpu_set_t one;
	int cpu;

	assert_int_equal(sched_getaffinity(0, sizeof(*old), old), 0);
	*first = -1;
	for (cpu = 0; cpu < NR_CPUS && *first < 0; cpu++)
		if (CPU_ISSET(cpu, old))
			*first = cpu;
	if (CPU_COUNT(old) < 2 || *first < 0)
		return -1;
	CPU_ZERO(&one);
	CPU_SET(*first, &one);
	assert_int_equal(sched_setaffinity(0, sizeof(one), &one), 0);
	return 0;
}

/*
 * Under @root, with the affinity narrowed to one CPU (a test without two
 * CPUs is skipped): @from, the cpuset file (under @root) @file, that CPU
 */
static void read_is(const char *root, const char *from, const char *file)
{
	struct allowed_cpus a;
	char want[16], *path = NULL;
	cpu_set_t old;
	int first;

	if (narrow_affinity(&old, &first))
		skip();
	assert_int_equal(allowed_cpus_read_at(&a, NR_CPUS, root), 0);
	assert_int_equal(sched_setaffinity(0, sizeof(old), &old), 0);
	assert_non_null(a.from);
	assert_string_equal(a.from, from);
	if (file) {
		assert_true(asprintf(&path, "%s%s", root, file) > 0);
		assert_non_null(a.cpuset_file);
		assert_string_equal(a.cpuset_file, path);
		free(path);
	} else {
		assert_null(a.cpuset_file);
	}
	path = cpu_mask_list(&a.cpus);
	snprintf(want, sizeof(want), "%d", first);
	assert_string_equal(path, want);
	free(path);
	allowed_cpus_free(&a);
	assert_null(a.from);
}

/* the CPU the affinity will be narrowed to, as a list ("" when the test will skip) */
static void first_cpu(char *buf, size_t len)
{
	cpu_set_t set;
	int cpu;

	buf[0] = '\0';
	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	for (cpu = 0; cpu < NR_CPUS && !buf[0]; cpu++)
		if (CPU_ISSET(cpu, &set))
			snprintf(buf, len, "%d", cpu);
}

/* in cgroup @cgroup, whose cpuset @file holds the one CPU rtlens is narrowed to */
static void cpuset_at(const char *root, const char *cgroup, const char *file)
{
	char cpu[16], line[64];

	first_cpu(cpu, sizeof(cpu));
	snprintf(line, sizeof(line), "0::%s\n", cgroup);
	put_file(root, "sys/devices/system/cpu/online", "0-15\n");
	put_file(root, "proc/self/cgroup", line);
	put_file(root, file + 1, cpu);
	read_is(root, ALLOWED_FROM_CPUSET, file);
}

/* a pod's cpuset, found up the cgroup's path: the container's has no controller */
static void test_read_cpuset(void **state)
{
	const char *root = *state;

	put_file(root, "sys/devices/system/cpu/isolated", "\n");
	put_file(root, "sys/fs/cgroup/kubepods/cpuset.cpus.effective", "0-15\n");
	cpuset_at(root, "/kubepods/pod1/ctr", "/sys/fs/cgroup/kubepods/pod1/cpuset.cpus.effective");
}

/* at the root of the cgroup namespace: the container's own cpuset */
static void test_read_cpuset_root(void **state)
{
	cpuset_at(*state, "/", "/sys/fs/cgroup/cpuset.cpus.effective");
}

/* a taskset inside a wider cpuset, or cgroup v1 (no "0::"): the affinity */
static void test_read_affinity(void **state)
{
	const char *root = *state;

	put_file(root, "sys/devices/system/cpu/online", "0-15\n");
	put_file(root, "proc/self/cgroup", "0::/a\n");
	put_file(root, "sys/fs/cgroup/a/cpuset.cpus.effective", "0-15\n");
	read_is(root, ALLOWED_FROM_AFFINITY, NULL);
	put_file(root, "proc/self/cgroup", "3:cpuset:/a\n");
	read_is(root, ALLOWED_FROM_AFFINITY, NULL);
}

/* with @file of @root holding @content, rtlens measures every CPU */
static void all_with(const char *root, const char *file, const char *content)
{
	struct allowed_cpus a;

	put_file(root, file, content);
	assert_int_equal(allowed_cpus_read_at(&a, NR_CPUS, root), 0);
	assert_null(a.from);
	allowed_cpus_free(&a);
}

/* the affinity leaves out only isolated CPUs: no narrowing; nor with online unknown */
static void test_read_all(void **state)
{
	const char *root = *state;
	struct cpu_mask others;
	char list[64];
	cpu_set_t old;
	int first;

	if (narrow_affinity(&old, &first)) {
		sched_setaffinity(0, sizeof(old), &old);
		skip();
	}
	mask_of(&others, "0-15");
	cpu_mask_clear(&others, first);
	cpu_mask_format(&others, list, sizeof(list));
	cpu_mask_free(&others);
	put_file(root, "sys/devices/system/cpu/online", "0-15\n");
	all_with(root, "sys/devices/system/cpu/isolated", list);
	put_file(root, "sys/devices/system/cpu/isolated", "");
	all_with(root, "sys/fs/cgroup/cpuset.cpus.isolated", list);
	all_with(root, "sys/devices/system/cpu/online", "");
	assert_int_equal(sched_setaffinity(0, sizeof(old), &old), 0);
}

/* this machine's files: a taskset's narrowing is the affinity's (a cpuset holds more) */
static void test_read_own(void **state)
{
	(void)state;
	if (sysconf(_SC_NPROCESSORS_CONF) > NR_CPUS)
		skip();
	read_is("", ALLOWED_FROM_AFFINITY, NULL);
}

#define sysroot_test(f) cmocka_unit_test_setup_teardown(f, sysroot_setup, sysroot_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_cpu),
		cmocka_unit_test(test_isolated_host),
		cmocka_unit_test(test_cpuset),
		cmocka_unit_test(test_affinity),
		cmocka_unit_test(test_offline_and_unknown),
		cmocka_unit_test(test_read_own),
		sysroot_test(test_read_cpuset),
		sysroot_test(test_read_cpuset_root),
		sysroot_test(test_read_affinity),
		sysroot_test(test_read_all),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
