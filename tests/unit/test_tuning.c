// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the tuning: the command line, .config and /proc/interrupts
 * parsers, the hex cpumask, the judge's findings on made-up setups, and
 * which finding explains which analysed source
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/setup_notes.h"
#include "analysis/tuning_judge.h"
#include "source/machine/tuning_parts.h"

static void test_cmdline(void **state)
{
	struct tuning t = { 0 };

	(void)state;
	tuning_parse_cmdline(&t, "BOOT_IMAGE=/vmlinuz root=/dev/sda1 isolcpus=domain,managed_irq,2-3 "
			     "quiet nohz_full=2-3 rcu_nocbs=\"2-3\" skew_tick=1 nosoftlockup "
			     "isolcpus=3 -- nohz_full=0");
	assert_int_equal(t.nr_params, 5);	/* isolcpus once */
	assert_string_equal(tuning_param(&t, "isolcpus"), "3");	/* the last wins */
	assert_string_equal(tuning_param(&t, "nohz_full"), "2-3");	/* after "--": init's */
	assert_string_equal(tuning_param(&t, "rcu_nocbs"), "2-3");	/* unquoted */
	assert_string_equal(tuning_param(&t, "nosoftlockup"), "");
	assert_null(tuning_param(&t, "root"));
	assert_null(tuning_param(&t, "irqaffinity"));
}

static void test_kconfig(void **state)
{
	struct kernel_config c = { .no_hz_full = TRI_UNKNOWN, .rcu_nocb_cpu = TRI_UNKNOWN,
				   .rcu_lazy = TRI_UNKNOWN, .preempt_rt = TRI_UNKNOWN };

	(void)state;
	snprintf(c.source, sizeof(c.source), "test");
	kconfig_parse_line(&c, "CONFIG_NO_HZ_FULL=y\n");
	kconfig_parse_line(&c, "CONFIG_PREEMPT_LAZY=y\n");
	kconfig_parse_line(&c, "CONFIG_PREEMPT_RT=y\n");
	kconfig_parse_line(&c, "CONFIG_HZ_250=y\n");
	kconfig_parse_line(&c, "CONFIG_HZ=250\n");
	kconfig_parse_line(&c, "# CONFIG_RCU_LAZY is not set\n");
	kconfig_parse_line(&c, "CONFIG_RCU_NOCB_CPU_CB_BOOST=y\n");
	kconfig_finish(&c);
	assert_int_equal(c.hz, 250);
	assert_string_equal(c.preempt, "rt");
	assert_int_equal(c.no_hz_full, TRI_YES);
	assert_int_equal(c.preempt_rt, TRI_YES);
	assert_int_equal(c.rcu_nocb_cpu, TRI_NO);	/* a prefix is another option */
	assert_int_equal(c.rcu_lazy, TRI_NO);
	assert_false(c.preempt_dynamic);
}

static void test_kconfig_voluntary(void **state)
{
	struct kernel_config c = { .no_hz_full = TRI_UNKNOWN, .preempt_rt = TRI_UNKNOWN };

	(void)state;
	kconfig_parse_line(&c, "CONFIG_PREEMPT_VOLUNTARY=y");
	kconfig_parse_line(&c, "CONFIG_PREEMPT_DYNAMIC=y");
	kconfig_finish(&c);
	assert_string_equal(c.preempt, "voluntary");
	assert_true(c.preempt_dynamic);
	/* no config file: what it did not say stays unknown */
	assert_int_equal(c.no_hz_full, TRI_UNKNOWN);
}

static void test_interrupts_count(void **state)
{
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	fputs("           CPU0       CPU2       \n"
	      "  0:         36          0   IO-APIC   2-edge      timer\n"
	      "  4:          5        123   IO-APIC   4-edge      ttyS0\n"
	      "NMI:          7          9   Non-maskable interrupts\n"
	      "LOC:      10000       2500   Local timer interrupts\n", f);
	assert_int_equal(interrupts_count(f, "LOC", 2), 2500);	/* CPU1 is offline */
	assert_int_equal(interrupts_count(f, "LOC", 0), 10000);
	assert_int_equal(interrupts_count(f, "4", 2), 123);
	assert_int_equal(interrupts_count(f, "NMI", 0), 7);
	assert_int_equal(interrupts_count(f, "LOC", 1), -1);
	assert_int_equal(interrupts_count(f, "RES", 0), -1);
	fclose(f);
}

static void test_hex_mask(void **state)
{
	struct cpu_mask m;
	char buf[64];

	(void)state;
	assert_int_equal(cpu_mask_init(&m, 40), 0);
	assert_int_equal(cpu_mask_parse_hex(&m, "00000001,0000000d\n", NULL), 0);
	cpu_mask_format(&m, buf, sizeof(buf));
	assert_string_equal(buf, "0,2-3,32");
	assert_int_equal(cpu_mask_parse_hex(&m, "zz", NULL), -1);
	cpu_mask_format(&m, buf, sizeof(buf));
	assert_string_equal(buf, "0,2-3,32");	/* untouched */
	cpu_mask_free(&m);
}

/* CPU 1 of 0-3 measured: isolated, nohz_full and rcu_nocbs as told */
static void setup_one(struct tuning *t, bool isolated)
{
	struct tuning_cpu *c;

	memset(t, 0, sizeof(*t));
	t->nr_cpus = 4;
	cpu_mask_init(&t->measured, 4);
	cpu_mask_set(&t->measured, 1);
	snprintf(t->measured_list, sizeof(t->measured_list), "1");
	t->measured_why = "-c";
	snprintf(t->online, sizeof(t->online), "0-3");
	snprintf(t->isolated, sizeof(t->isolated), "%s", isolated ? "1" : "");
	snprintf(t->nohz_full, sizeof(t->nohz_full), "%s", isolated ? "1" : "");
	snprintf(t->rcu_nocb, sizeof(t->rcu_nocb), "%s", isolated ? "1" : "");
	snprintf(t->wq_cpumask, sizeof(t->wq_cpumask), "%s", isolated ? "0,2-3" : "0-3");
	snprintf(t->watchdog_cpumask, sizeof(t->watchdog_cpumask), "%s", isolated ? "0,2-3" : "0-3");
	snprintf(t->thp, sizeof(t->thp), "madvise");
	t->config.hz = 250;
	t->config.no_hz_full = t->config.rcu_nocb_cpu = TRI_YES;
	snprintf(t->config.preempt, sizeof(t->config.preempt), "rt");
	t->nmi_watchdog = 0;
	t->soft_watchdog = 1;
	t->rt_runtime_us = -1;
	t->timer_migration = 1;
	t->cpus = calloc(1, sizeof(*t->cpus));
	t->nr_tuning_cpus = 1;
	c = &t->cpus[0];
	c->cpu = 1;
	c->isolated = c->nohz_full = c->rcu_nocb = isolated;
	c->in_wq_mask = c->in_watchdog_mask = !isolated;
	c->tick_stopped = isolated ? TRI_YES : TRI_NO;
	c->runnable = 0;
	c->nmi = 0;
}

static void add_irq(struct tuning *t, int irq, const char *name, const char *aff, const char *eff,
		    bool measured)
{
	struct tuning_irq *q = &t->irqs[t->nr_irqs++];

	q->irq = irq;
	snprintf(q->name, sizeof(q->name), "%s", name);
	snprintf(q->affinity, sizeof(q->affinity), "%s", aff);
	snprintf(q->effective, sizeof(q->effective), "%s", eff);
	q->affine_measured = strchr(aff, '1') != NULL;	/* "1", "0-3": CPU 1 is measured */
	q->affine_only_measured = !strcmp(aff, "1");
	q->effective_measured = measured;
}

static void test_judge_isolated(void **state)
{
	struct tuning t;

	(void)state;
	setup_one(&t, true);
	tuning_judge(&t);
	assert_false(tuning_breaks(&t));
	assert_non_null(tuning_finding(&t, "isolation", 1, FINDING_OK));
	assert_non_null(tuning_finding(&t, "nohz_full", 1, FINDING_OK));
	assert_null(tuning_finding(&t, "nohz_full", 1, FINDING_WARN));
	assert_non_null(tuning_finding(&t, "tick", 1, FINDING_OK));
	assert_non_null(tuning_finding(&t, "irq_affinity", 1, FINDING_OK));
	assert_null(tuning_finding(&t, "soft_watchdog", -1, FINDING_INFO));
	assert_null(tuning_finding(&t, "isolcpus_managed_irq", -1, FINDING_INFO));
	assert_null(tuning_finding(&t, "clocksource", -1, FINDING_INFO));
	/* isolcpus without managed_irq; the HPET as the clock */
	tuning_parse_cmdline(&t, "isolcpus=domain,1");
	snprintf(t.clocksource, sizeof(t.clocksource), "hpet");
	tuning_judge(&t);
	assert_non_null(tuning_finding(&t, "isolcpus_managed_irq", 1, FINDING_INFO));
	assert_non_null(tuning_finding(&t, "clocksource", 1, FINDING_WARN));
	assert_false(tuning_breaks(&t));
	t.nr_params = 0;
	t.clocksource[0] = '\0';
	/* an IRQ is moved onto the CPU: it breaks, and is named */
	add_irq(&t, 4, "ttyS0", "1", "1", true);
	tuning_judge(&t);
	assert_true(tuning_breaks(&t));
	assert_int_equal(t.findings[0].status, FINDING_BREAKS);
	assert_string_equal(t.findings[0].id, "irq_affinity");
	assert_int_equal(t.findings[0].irq, 4);
	assert_non_null(strstr(t.findings[0].what, "ttyS0"));
	assert_non_null(strstr(t.findings[0].fix_runtime, "echo 0,2-3 > /proc/irq/4/smp_affinity_list"));
	tuning_free(&t);
}

static void test_judge_not_isolated(void **state)
{
	const struct finding *f;
	struct tuning t;
	int i;

	(void)state;
	setup_one(&t, false);
	/* only allowed there, not delivered there: a warning */
	add_irq(&t, 9, "acpi", "0-3", "0", false);
	tuning_judge(&t);
	f = tuning_finding(&t, "not_isolated", 1, FINDING_BREAKS);
	assert_non_null(f);
	assert_string_equal(f->fix_cmdline, "isolcpus=domain,managed_irq,1");
	assert_non_null(tuning_finding(&t, "nohz_full", 1, FINDING_WARN));
	assert_non_null(tuning_finding(&t, "rcu_nocbs", 1, FINDING_WARN));
	f = tuning_finding(&t, "soft_watchdog", 1, FINDING_WARN);
	assert_non_null(f);
	assert_string_equal(f->fix_runtime, "sysctl kernel.watchdog_cpumask=0,2-3");
	assert_string_equal(t.kept_cpu, "");
	assert_non_null(tuning_finding(&t, "workqueue_cpumask", 1, FINDING_WARN));
	f = tuning_finding(&t, "irq_affinity", 1, FINDING_INFO);
	assert_non_null(f);
	assert_int_equal(f->status, FINDING_WARN);
	/* sorted: breaks first, then warnings */
	for (i = 1; i < t.nr_findings; i++)
		assert_true(t.findings[i - 1].status >= t.findings[i].status);
	tuning_free(&t);
}

/* every online CPU measured (none isolated, no -c): no fix takes them all */
static void test_judge_all_cpus(void **state)
{
	const struct finding *f;
	struct tuning t;
	int i;

	(void)state;
	setup_one(&t, false);
	snprintf(t.online, sizeof(t.online), "0-1");
	t.nr_cpus = 2;
	cpu_mask_set(&t.measured, 0);
	snprintf(t.measured_list, sizeof(t.measured_list), "0-1");
	t.measured_why = "all";
	for (i = 0; i < 6; i++)
		add_irq(&t, 20 + i, "virtio", "0-1", "1", true);
	tuning_judge(&t);
	assert_string_equal(t.kept_cpu, "0");
	assert_string_equal(t.suggest_cpus, "1");
	f = tuning_finding(&t, "not_isolated", -1, FINDING_BREAKS);
	assert_non_null(f);
	assert_string_equal(f->fix_cmdline, "isolcpus=domain,managed_irq,1 (CPU 0 kept for the system)");
	assert_non_null(strstr(f->fix_runtime, "cpuset.cpus=1 "));
	f = tuning_finding(&t, "soft_watchdog", -1, FINDING_WARN);
	assert_non_null(f);
	assert_string_equal(f->fix_runtime,
			    "sysctl kernel.watchdog=0 (every online CPU is measured: none is left for it)");
	f = tuning_finding(&t, "irq_affinity", -1, FINDING_BREAKS);
	assert_non_null(f);
	assert_non_null(strstr(f->fix_runtime, "echo 0 > /proc/irq/N/smp_affinity_list"));
	assert_string_equal(f->fix_cmdline, "irqaffinity=0 (and isolcpus=managed_irq,...)");
	for (i = 0; i < t.nr_findings; i++) {
		assert_null(strstr(t.findings[i].fix_cmdline, "0-1"));
		assert_null(strstr(t.findings[i].fix_runtime, "0-1"));
		assert_null(strstr(t.findings[i].fix_runtime, "no CPU is left"));
	}
	tuning_free(&t);
}

/* x86 moves an IO-APIC IRQ at its next interrupt: effective lags behind */
static void test_judge_pending_move(void **state)
{
	struct tuning t;

	(void)state;
	setup_one(&t, true);
	add_irq(&t, 4, "ttyS0", "1", "0", false);
	tuning_judge(&t);
	assert_true(tuning_breaks(&t));
	assert_int_equal(t.findings[0].irq, 4);
	t.nr_irqs = 0;
	add_irq(&t, 4, "ttyS0", "0", "1", true);
	tuning_judge(&t);
	assert_false(tuning_breaks(&t));
	assert_non_null(strstr(tuning_finding(&t, "irq_affinity", 1, FINDING_WARN)->what,
			       "leaves CPU 1 at its next interrupt"));
	tuning_free(&t);
}

static void test_judge_many_irqs(void **state)
{
	struct tuning t;
	int i, n = 0;

	(void)state;
	setup_one(&t, true);
	for (i = 0; i < 7; i++)
		add_irq(&t, 20 + i, "virtio", "1", "1", true);
	tuning_judge(&t);
	for (i = 0; i < t.nr_findings; i++)
		n += !strcmp(t.findings[i].id, "irq_affinity");
	assert_int_equal(n, 1);
	assert_non_null(strstr(t.findings[0].what, "7 device IRQs"));
	tuning_free(&t);
}

static void test_setup_explain(void **state)
{
	const struct finding *f;
	struct tuning t;
	char note[192];

	(void)state;
	setup_one(&t, false);
	add_irq(&t, 4, "ttyS0, serial", "1", "1", true);
	tuning_judge(&t);
	f = setup_explain(&t, 1, NOISE_IRQ, "local_timer", note, sizeof(note));
	assert_non_null(f);
	assert_string_equal(f->id, "nohz_full");
	assert_non_null(strstr(note, "not nohz_full"));
	f = setup_explain(&t, 1, NOISE_IRQ, "serial", note, sizeof(note));
	assert_non_null(f);
	assert_string_equal(f->id, "irq_affinity");
	assert_non_null(strstr(note, "IRQ 4"));
	assert_null(setup_explain(&t, 1, NOISE_IRQ, "seria", note, sizeof(note)));
	f = setup_explain(&t, 1, NOISE_SOFTIRQ, "RCU", note, sizeof(note));
	assert_string_equal(f->id, "rcu_nocbs");
	f = setup_explain(&t, 1, NOISE_THREAD, "kworker/u8:2", note, sizeof(note));
	assert_string_equal(f->id, "workqueue_cpumask");
	f = setup_explain(&t, 1, NOISE_THREAD, "spin", note, sizeof(note));
	assert_string_equal(f->id, "not_isolated");
	f = setup_explain(&t, 1, NOISE_THREAD, "irq/4-ttyS0", note, sizeof(note));
	assert_string_equal(f->id, "irq_affinity");	/* the IRQ's thread (PREEMPT_RT) */
	assert_null(setup_explain(&t, 1, NOISE_THREAD, "irq/4-tty", note, sizeof(note)));
	assert_null(setup_explain(&t, 1, NOISE_THREAD, "ksoftirqd/1", note, sizeof(note)));
	tuning_free(&t);
	/* the same sources on an isolated CPU: nothing to say */
	setup_one(&t, true);
	tuning_judge(&t);
	assert_null(setup_explain(&t, 1, NOISE_IRQ, "local_timer", note, sizeof(note)));
	assert_null(setup_explain(&t, 1, NOISE_SOFTIRQ, "RCU", note, sizeof(note)));
	assert_null(setup_explain(&t, 1, NOISE_THREAD, "spin", note, sizeof(note)));
	assert_null(setup_explain(NULL, 1, NOISE_THREAD, "spin", note, sizeof(note)));
	tuning_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cmdline),
		cmocka_unit_test(test_kconfig),
		cmocka_unit_test(test_kconfig_voluntary),
		cmocka_unit_test(test_interrupts_count),
		cmocka_unit_test(test_hex_mask),
		cmocka_unit_test(test_judge_isolated),
		cmocka_unit_test(test_judge_not_isolated),
		cmocka_unit_test(test_judge_all_cpus),
		cmocka_unit_test(test_judge_pending_move),
		cmocka_unit_test(test_judge_many_irqs),
		cmocka_unit_test(test_setup_explain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
