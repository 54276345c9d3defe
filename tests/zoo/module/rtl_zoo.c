// SPDX-License-Identifier: GPL-2.0
/*
 * rtl_zoo - known kernel noise on one CPU, for rtlens's zoo of causes
 * (tests/zoo/). Loaded with:
 *
 *   insmod rtl_zoo.ko mode=MODE cpu=N hold_us=US rate=HZ seconds=S
 *
 * For S seconds, RATE times a second, it holds CPU N for HOLD_US in one
 * of these ways (MODE):
 *   irqoff      the kthread "rtl_zoo_irqoff", bound to N (SCHED_FIFO 1),
 *               busy with interrupts disabled
 *   preemptoff  the kthread "rtl_zoo_preempt", same, preemption disabled
 *   kworker     a work item queued on N's bound workqueue pool: a kworker
 *   tasklet     a tasklet scheduled on N: the TASKLET softirq (on
 *               PREEMPT_RT, run in ksoftirqd/N)
 *   hrtimer     a pinned hrtimer on N, expiring in hard interrupt
 *               context: the local timer interrupt
 *   hrtimer_soft  the same, expiring in the HRTIMER softirq (on
 *               PREEMPT_RT: ktimers/N or ksoftirqd/N)
 *   tlb         a TLB shootdown of kernel addresses: a page vmalloc'd,
 *               freed, and the lazy mappings purged (vm_unmap_aliases),
 *               which flushes the TLB of every CPU by IPI, N's included;
 *               HOLD_US is not used
 *   resched     a reschedule IPI to N (kick_process() of the task PID,
 *               load with pid=PID: the measuring thread running there),
 *               nothing to reschedule; HOLD_US is not used
 *   rcu         an RCU callback queued on N (call_rcu() in a function
 *               call IPI), which N runs after a grace period: the RCU
 *               softirq (on PREEMPT_RT, rcuc/N)
 *   nmi         an NMI sent to N, which its handler rtl_zoo_nmi() holds
 *               (timed by the NMI-safe clock)
 * The driving kthread of the last eight runs on another CPU, so that only
 * the injected work lands on N.
 *
 * What it really did is read back from /sys/module/rtl_zoo/parameters/:
 * events (how many holds ran) and held_ns (their summed length, measured
 * with ktime_get(): in a thread, less the time others ran while it was
 * preempted). done is 1 once the S seconds are over.
 */
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/pid.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/version.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <asm/apic.h>
#include <asm/nmi.h>

static char *mode = "irqoff";
static int cpu = 1;
static unsigned int hold_us = 200;
static unsigned int rate = 100;
static unsigned int seconds = 4;
static int pid;
static unsigned long events;
static unsigned long held_ns;
static int done;

module_param(mode, charp, 0444);
module_param(cpu, int, 0444);
module_param(hold_us, uint, 0444);
module_param(rate, uint, 0444);
module_param(seconds, uint, 0444);
module_param(pid, int, 0444);
module_param(events, ulong, 0444);
module_param(held_ns, ulong, 0444);
module_param(done, int, 0444);

enum zoo_mode { ZOO_IRQOFF, ZOO_PREEMPTOFF, ZOO_KWORKER, ZOO_TASKLET,
		ZOO_HRTIMER, ZOO_HRTIMER_SOFT, ZOO_TLB, ZOO_RESCHED, ZOO_RCU,
		ZOO_NMI };

static const char *const mode_names[] = {
	[ZOO_IRQOFF]		= "irqoff",
	[ZOO_PREEMPTOFF]	= "preemptoff",
	[ZOO_KWORKER]		= "kworker",
	[ZOO_TASKLET]		= "tasklet",
	[ZOO_HRTIMER]		= "hrtimer",
	[ZOO_HRTIMER_SOFT]	= "hrtimer_soft",
	[ZOO_TLB]		= "tlb",
	[ZOO_RESCHED]		= "resched",
	[ZOO_RCU]		= "rcu",
	[ZOO_NMI]		= "nmi",
};

static enum zoo_mode zoo_mode;
static struct task_struct *driver;
static struct hrtimer timer;
static struct work_struct work;
static struct tasklet_struct tasklet;
static struct task_struct *kicked;	/* resched: the task on cpu */
static atomic_t nmi_sent;		/* nmi: sent, not yet handled */
static bool nmi_registered;

struct zoo_rcu {
	struct rcu_head	rh;
};

/*
 * The time a preemptible hold spends switched out: PREEMPT_RT runs
 * tasklets, RCU callbacks and timers' softirqs in threads, and a thread
 * of the measuring thread's class may take turns with them (7.3's EEVDF
 * does, within 5 ms). That time is the other thread's, not the cause's.
 */
struct zoo_away {
	struct preempt_notifier	pn;
	u64			out_at;
	u64			away_ns;
};

static void away_out(struct preempt_notifier *pn, struct task_struct *next)
{
	container_of(pn, struct zoo_away, pn)->out_at = ktime_get_ns();
}

static void away_in(struct preempt_notifier *pn, int on_cpu)
{
	struct zoo_away *a = container_of(pn, struct zoo_away, pn);

	WRITE_ONCE(a->away_ns, a->away_ns + ktime_get_ns() - a->out_at);
}

static struct preempt_ops away_ops = {
	.sched_in	= away_in,
	.sched_out	= away_out,
};

/* the time since @t0 that the hold ran: the wall time less the time away */
static u64 ran_ns(struct zoo_away *a, u64 t0)
{
	u64 away, wall;

	do {
		away = READ_ONCE(a->away_ns);
		wall = ktime_get_ns() - t0;
	} while (away != READ_ONCE(a->away_ns));
	return wall - away;
}

/* busy for hold_us of its own running time, counted as one event */
static void hold(void)
{
	struct zoo_away a = { };
	bool preemptible_hold = preemptible();
	u64 t0, ran, limit = (u64)hold_us * NSEC_PER_USEC;

	if (preemptible_hold) {
		preempt_notifier_init(&a.pn, &away_ops);
		preempt_notifier_register(&a.pn);
	}
	t0 = ktime_get_ns();
	while ((ran = ran_ns(&a, t0)) < limit)
		cpu_relax();
	if (preemptible_hold)
		preempt_notifier_unregister(&a.pn);
	WRITE_ONCE(held_ns, held_ns + ran);
	WRITE_ONCE(events, events + 1);
}

/*
 * An NMI this module sent: held as hold() does, by ktime_get_mono_fast_ns()
 * (ktime_get() may wait on a timekeeping update the NMI interrupted);
 * others are left to their own handlers
 */
static int rtl_zoo_nmi(unsigned int type, struct pt_regs *regs)
{
	u64 t0, limit = (u64)hold_us * NSEC_PER_USEC;

	if (smp_processor_id() != cpu || !atomic_add_unless(&nmi_sent, -1, 0))
		return NMI_DONE;
	t0 = ktime_get_mono_fast_ns();
	while (ktime_get_mono_fast_ns() - t0 < limit)
		cpu_relax();
	WRITE_ONCE(held_ns, held_ns + (ktime_get_mono_fast_ns() - t0));
	WRITE_ONCE(events, events + 1);
	return NMI_HANDLED;
}

static void work_fn(struct work_struct *w)
{
	hold();
}

static void tasklet_fn(struct tasklet_struct *t)
{
	hold();
}

static void schedule_tasklet(void *unused)
{
	tasklet_schedule(&tasklet);
}

static void rcu_fn(struct rcu_head *rh)
{
	hold();
	kfree(container_of(rh, struct zoo_rcu, rh));
}

/* on the measured CPU: its callback is queued there, and runs there */
static void queue_rcu(void *unused)
{
	struct zoo_rcu *z = kmalloc(sizeof(*z), GFP_ATOMIC);

	if (z)
		call_rcu(&z->rh, rcu_fn);
}

static enum hrtimer_restart timer_fn(struct hrtimer *t)
{
	hold();
	hrtimer_forward_now(t, ns_to_ktime(NSEC_PER_SEC / rate));
	return READ_ONCE(done) ? HRTIMER_NORESTART : HRTIMER_RESTART;
}

static void start_timer(void *unused)
{
	enum hrtimer_mode m = zoo_mode == ZOO_HRTIMER ? HRTIMER_MODE_REL_PINNED_HARD :
			      HRTIMER_MODE_REL_PINNED_SOFT;

	hrtimer_start(&timer, ns_to_ktime(NSEC_PER_SEC / rate), m);
}

static void setup_timer(void)
{
	enum hrtimer_mode m = zoo_mode == ZOO_HRTIMER ? HRTIMER_MODE_REL_PINNED_HARD :
			      HRTIMER_MODE_REL_PINNED_SOFT;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	hrtimer_setup(&timer, timer_fn, CLOCK_MONOTONIC, m);
#else
	hrtimer_init(&timer, CLOCK_MONOTONIC, m);
	timer.function = timer_fn;
#endif
}

/* a kernel mapping made and torn down, its TLB entries flushed everywhere */
static void shoot_tlb(void)
{
	char *p = vmalloc(PAGE_SIZE);

	if (!p)
		return;
	p[0] = 1;
	vfree(p);
	vm_unmap_aliases();
	WRITE_ONCE(events, events + 1);
}

/* one hold on the measured CPU, the way the mode says */
static void inject(void)
{
	unsigned long flags;

	switch (zoo_mode) {
	case ZOO_IRQOFF:
		local_irq_save(flags);
		hold();
		local_irq_restore(flags);
		break;
	case ZOO_PREEMPTOFF:
		preempt_disable();
		hold();
		preempt_enable();
		break;
	case ZOO_KWORKER:
		queue_work_on(cpu, system_highpri_wq, &work);
		flush_work(&work);
		break;
	case ZOO_TASKLET:
		smp_call_function_single(cpu, schedule_tasklet, NULL, 1);
		break;
	case ZOO_TLB:
		shoot_tlb();
		break;
	case ZOO_RESCHED:
		kick_process(kicked);
		WRITE_ONCE(events, events + 1);
		break;
	case ZOO_RCU:
		smp_call_function_single(cpu, queue_rcu, NULL, 1);
		break;
	case ZOO_NMI:
		atomic_inc(&nmi_sent);
		apic->send_IPI_mask(cpumask_of(cpu), NMI_VECTOR);
		break;
	default:
		break;
	}
}

static int driver_fn(void *unused)
{
	u64 end = ktime_get_ns() + (u64)seconds * NSEC_PER_SEC;
	unsigned long gap_us = USEC_PER_SEC / rate;
	bool timer_mode = zoo_mode == ZOO_HRTIMER || zoo_mode == ZOO_HRTIMER_SOFT;

	if (timer_mode)
		smp_call_function_single(cpu, start_timer, NULL, 1);
	while (!kthread_should_stop() && ktime_get_ns() < end) {
		if (!timer_mode)
			inject();
		usleep_range(gap_us, gap_us + gap_us / 10 + 1);
	}
	if (zoo_mode == ZOO_RCU)	/* the callbacks queued have run */
		rcu_barrier();
	WRITE_ONCE(done, 1);
	if (timer_mode)
		hrtimer_cancel(&timer);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ / 10);
	return 0;
}

static int parse_mode(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(mode_names); i++) {
		if (!strcmp(mode, mode_names[i])) {
			zoo_mode = i;
			return 0;
		}
	}
	pr_err("rtl_zoo: unknown mode %s\n", mode);
	return -EINVAL;
}

/* the CPU the driver runs on: the measured one for the thread modes */
static int driver_cpu(void)
{
	int c;

	if (zoo_mode == ZOO_IRQOFF || zoo_mode == ZOO_PREEMPTOFF)
		return cpu;
	for_each_online_cpu(c)
		if (c != cpu)
			return c;
	return -1;
}

static int __init zoo_init(void)
{
	int dcpu;

	if (parse_mode())
		return -EINVAL;
	if (cpu < 0 || cpu >= nr_cpu_ids || !cpu_online(cpu) || !rate ||
	    rate > 100000 || !seconds || hold_us > 1000000) {
		pr_err("rtl_zoo: bad cpu, rate, seconds or hold_us\n");
		return -EINVAL;
	}
	dcpu = driver_cpu();
	if (dcpu < 0)
		return -EINVAL;
	if (zoo_mode == ZOO_RESCHED) {
		rcu_read_lock();
		kicked = get_pid_task(find_vpid(pid), PIDTYPE_PID);
		rcu_read_unlock();
		if (!kicked) {
			pr_err("rtl_zoo: resched: no task of pid %d\n", pid);
			return -ESRCH;
		}
	}
	if (zoo_mode == ZOO_NMI) {
		int ret = register_nmi_handler(NMI_LOCAL, rtl_zoo_nmi, 0, "rtl_zoo");

		if (ret)
			return ret;
		nmi_registered = true;
	}
	preempt_notifier_inc();
	INIT_WORK(&work, work_fn);
	tasklet_setup(&tasklet, tasklet_fn);
	setup_timer();
	driver = kthread_create(driver_fn, NULL, zoo_mode == ZOO_PREEMPTOFF ?
				"rtl_zoo_preempt" : "rtl_zoo_%s", mode);
	if (IS_ERR(driver)) {
		if (kicked)
			put_task_struct(kicked);
		if (nmi_registered)
			unregister_nmi_handler(NMI_LOCAL, "rtl_zoo");
		preempt_notifier_dec();
		return PTR_ERR(driver);
	}
	kthread_bind(driver, dcpu);
	sched_set_fifo_low(driver);
	wake_up_process(driver);
	return 0;
}

static void __exit zoo_exit(void)
{
	kthread_stop(driver);
	hrtimer_cancel(&timer);
	cancel_work_sync(&work);
	tasklet_kill(&tasklet);
	rcu_barrier();		/* no callback of this module left to run */
	if (kicked)
		put_task_struct(kicked);
	if (nmi_registered)
		unregister_nmi_handler(NMI_LOCAL, "rtl_zoo");
	preempt_notifier_dec();
}

module_init(zoo_init);
module_exit(zoo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("known kernel noise on one CPU, for rtlens's zoo of causes");
