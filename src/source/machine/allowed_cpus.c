// SPDX-License-Identifier: GPL-2.0
/*
 * allowed_cpus - the CPUs rtlens may run on, which it measures when no CPU
 * is named: a container's cpuset, the CPUs the Kubernetes static CPU
 * manager gave a pod, a taskset. The choice rests on the affinity (what
 * the process can use, whatever narrowed it: a cgroup v1 or v2 cpuset,
 * taskset, systemd's CPUAffinity); the cgroup v2 cpuset is read only to
 * say where it came from.
 */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cgroup.h"
#include "source/machine/machine.h"
#include "source/machine/tuning_parts.h"

#define EFFECTIVE	"cpuset.cpus.effective"
#define MAX_MASK_CPUS	(1 << 16)	/* the largest affinity mask asked for */

/* @a and @b hold the same CPUs of @online */
static bool same_online(const struct cpu_mask *a, const struct cpu_mask *b,
			const struct cpu_mask *online)
{
	int cpu;

	for_each_cpu_in(cpu, online)
		if (cpu_mask_test(a, cpu) != cpu_mask_test(b, cpu))
			return false;
	return true;
}

/* the online CPUs rtlens may not run on are all isolated: it may run on the rest */
static bool only_isolated_out(const struct allowed_input *in)
{
	int cpu;

	for_each_cpu_in(cpu, &in->online)
		if (!cpu_mask_test(&in->allowed, cpu) && !cpu_mask_test(&in->isolated, cpu))
			return false;
	return true;
}

const char *allowed_cpus_choose(const struct allowed_input *in, struct cpu_mask *out)
{
	int cpu, n = 0;

	if (!cpu_mask_count(&in->online) || only_isolated_out(in))
		return NULL;
	cpu_mask_zero(out);
	for_each_cpu_in(cpu, &in->allowed)
		if (cpu_mask_test(&in->online, cpu)) {
			cpu_mask_set(out, cpu);
			n++;
		}
	if (!n)		/* none online: the affinity is not what it seems */
		return NULL;
	if (cpu_mask_count(&in->cpuset) && same_online(&in->cpuset, out, &in->online))
		return ALLOWED_FROM_CPUSET;
	return ALLOWED_FROM_AFFINITY;
}

/* @m: the CPUs of the CPU list file @root@path (none when it cannot be read) */
static void read_mask(struct cpu_mask *m, const char *root, const char *path)
{
	char buf[TUNING_LIST_LEN], *at;

	if (asprintf(&at, "%s%s", root, path) < 0)
		return;
	if (!tuning_read(at, buf, sizeof(buf)))
		tuning_or_list(m, buf);
	free(at);
}

/* sched_getaffinity(), in a mask as large as the kernel's */
static void read_affinity(struct cpu_mask *m)
{
	int size_cpus, cpu, ret = -1;
	cpu_set_t *set = NULL;
	size_t size = 0;

	for (size_cpus = m->nr_cpus; size_cpus <= MAX_MASK_CPUS; size_cpus *= 2) {
		set = CPU_ALLOC(size_cpus);
		size = CPU_ALLOC_SIZE(size_cpus);
		ret = set ? sched_getaffinity(0, size, set) : -1;
		if (!ret || !set || errno != EINVAL)
			break;
		CPU_FREE(set);
		set = NULL;
	}
	for (cpu = 0; !ret && cpu < m->nr_cpus; cpu++)
		if (CPU_ISSET_S(cpu, size, set))
			cpu_mask_set(m, cpu);
	if (set)
		CPU_FREE(set);
}

/*
 * The cpuset of this process's cgroup: the effective CPUs of the nearest
 * cgroup up its path that has the cpuset controller (the file exists only
 * there), into @m, and that file's path (allocated) into *file.
 */
static void read_cpuset(struct cpu_mask *m, const char *root, char **file)
{
	char cg[PATH_MAX], *path = NULL, *slash;

	*file = NULL;
	if (cgroup_own_path(root, cg, sizeof(cg)))
		return;
	for (;;) {
		free(path);
		if (asprintf(&path, CGROUP_ROOT "%s/" EFFECTIVE, strcmp(cg, "/") ? cg : "") < 0)
			return;
		read_mask(m, root, path);
		slash = strrchr(cg, '/');
		if (cpu_mask_count(m) || !slash || !strcmp(cg, "/"))
			break;
		slash[slash == cg] = '\0';	/* "/a/b" -> "/a", "/a" -> "/" */
	}
	if (cpu_mask_count(m) && asprintf(file, "%s%s", root, path) < 0)
		*file = NULL;
	free(path);
}

static void input_free(struct allowed_input *in)
{
	cpu_mask_free(&in->online);
	cpu_mask_free(&in->allowed);
	cpu_mask_free(&in->isolated);
	cpu_mask_free(&in->cpuset);
}

int allowed_cpus_read_at(struct allowed_cpus *a, int nr_cpus, const char *root)
{
	struct allowed_input in = { 0 };
	int ret = -1;

	memset(a, 0, sizeof(*a));
	if (cpu_mask_init(&in.online, nr_cpus) || cpu_mask_init(&in.allowed, nr_cpus) ||
	    cpu_mask_init(&in.isolated, nr_cpus) || cpu_mask_init(&in.cpuset, nr_cpus) ||
	    cpu_mask_init(&a->cpus, nr_cpus))
		goto out;
	read_mask(&in.online, root, "/sys/devices/system/cpu/online");
	read_mask(&in.isolated, root, "/sys/devices/system/cpu/isolated");
	read_mask(&in.isolated, root, CGROUP_ROOT "/cpuset.cpus.isolated");
	read_affinity(&in.allowed);
	read_cpuset(&in.cpuset, root, &a->cpuset_file);
	a->from = allowed_cpus_choose(&in, &a->cpus);
	if (!a->from || strcmp(a->from, ALLOWED_FROM_CPUSET)) {
		free(a->cpuset_file);
		a->cpuset_file = NULL;
	}
	ret = 0;
out:
	input_free(&in);
	return ret;
}

int allowed_cpus_read(struct allowed_cpus *a, int nr_cpus)
{
	return allowed_cpus_read_at(a, nr_cpus, "");
}

void allowed_cpus_free(struct allowed_cpus *a)
{
	cpu_mask_free(&a->cpus);
	free(a->cpuset_file);
	a->cpuset_file = NULL;
	a->from = NULL;
}
