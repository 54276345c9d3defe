// SPDX-License-Identifier: GPL-2.0
/*
 * test_aa_tables - issue #26, tables a person can read: the setup lines
 * after the analysis, one per fix with the CPUs and sources it covers; a
 * CPU's analysis that adds up to the noise of the table, in the text and
 * the JSON (the folding of a command's threads: test_osnoise_aa.c)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/run_models.h"
#include "analysis/setup_notes.h"
#include "render/render.h"
#include "render/tuning_render.h"
#include "render/wrap_text.h"
#include "cmdline.h"

typedef void (*render_fn)(FILE *out, const void *arg);

static char *render_to_text(render_fn fn, const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	fn(out, arg);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static void assert_has(const char *text, const char *needle)
{
	if (!strstr(text, needle))
		fail_msg("\"%s\" not found in:\n%s", needle, text);
}

/* no line of @text is wider than @cols */
static void assert_lines_within(const char *text, size_t cols)
{
	const char *line = text;

	while (*line) {
		size_t len = strcspn(line, "\n");

		if (len > cols)
			fail_msg("a line of %zu columns: \"%.*s\"", len, (int)len, line);
		line += len + (line[len] == '\n');
	}
}

/* ---- the setup lines ---- */

static void note(struct setup_notes *s, int cpu, enum noise_kind kind, const char *name,
		 const struct finding *f, const char *why)
{
	struct setup_note *n = &s->notes[s->n++];

	n->cpu = cpu;
	n->kind = kind;
	snprintf(n->name, sizeof(n->name), "%s", name);
	n->finding = f;
	snprintf(n->note, sizeof(n->note), "%s", why);
}

static void finding(struct finding *f, const char *id, const char *fix)
{
	memset(f, 0, sizeof(*f));
	snprintf(f->id, sizeof(f->id), "%s", id);
	snprintf(f->what, sizeof(f->what), "%s, as the judge says", id);
	snprintf(f->fix_cmdline, sizeof(f->fix_cmdline), "%s", fix);
	f->irq = -1;
}

static void setup_lines(FILE *out, const void *arg)
{
	render_setup_notes(out, arg, 0);
}

/* the setup lines at a terminal's width */
struct wrapped {
	const struct setup_notes	*notes;
	int				cols;
};

static void setup_lines_at(FILE *out, const void *arg)
{
	const struct wrapped *w = arg;

	render_setup_notes(out, w->notes, w->cols);
}

/*
 * @wrapped is @text broken at spaces: no line over @cols, each line after
 * a note's first indented by @indent, and joined again it is @text
 */
static void assert_wrapped(const char *wrapped, const char *text, int cols, int indent)
{
	char *joined = calloc(1, strlen(wrapped) + 1), *j = joined;
	const char *p = wrapped;

	assert_lines_within(wrapped, cols);
	for (; *p; p++) {
		*j++ = *p == '\n' && p[1] == ' ' ? ' ' : *p;
		if (*p != '\n' || p[1] != ' ')
			continue;
		assert_int_equal(strspn(p + 1, " "), indent);
		p += indent;
	}
	assert_string_equal(joined, text);
	free(joined);
}

/* eleven notes of four findings (@f), on CPUs 1 to 3 */
static void eleven_notes(struct setup_notes *s, struct finding *f)
{
	struct finding *iso = &f[0], *tick = &f[1], *rcu = &f[2], *other = &f[3];

	finding(iso, "not_isolated", "isolcpus=domain,managed_irq,1-3");
	finding(tick, "nohz_full", "nohz_full=1-3");
	finding(rcu, "rcu_nocbs", "rcu_nocbs=1-3");
	finding(other, "new_finding", "");
	note(s, 1, NOISE_THREAD, "run.sh", iso, "a thread scheduled on CPU 1: it is not isolated");
	note(s, 1, NOISE_IRQ, "local_timer", tick, "the scheduler tick: CPU 1 is not nohz_full");
	note(s, 1, NOISE_THREAD, "cc1", iso, "a thread scheduled on CPU 1: it is not isolated");
	note(s, 1, NOISE_SOFTIRQ, "RCU", rcu, "RCU callbacks run on CPU 1: it is not in rcu_nocbs");
	note(s, 3, NOISE_THREAD, "run.sh", iso, "a thread scheduled on CPU 3: it is not isolated");
	note(s, 2, NOISE_SOFTIRQ, "TIMER", tick, "the scheduler tick: CPU 2 is not nohz_full");
	note(s, 2, NOISE_THREAD, "\x1b[2Jx", iso, "a thread scheduled on CPU 2: it is not isolated");
	note(s, 3, NOISE_IRQ, "eth0", other, "one");
	note(s, 3, NOISE_IRQ, "eth1", other, "two");
}

/*
 * Eleven notes of four findings: one line per finding, its CPUs as a list,
 * each source once (a thread on two CPUs), its kind when it changes, past
 * eight "and N more"; a finding of one source keeps its own words.
 */
static void test_setup_grouped(void **state)
{
	struct finding f[4], *iso = &f[0];
	struct setup_notes *s = calloc(1, sizeof(*s));
	char *text;

	(void)state;
	assert_non_null(s);
	eleven_notes(s, f);
	text = render_to_text(setup_lines, s);
	assert_string_equal(text,
		"setup: cpus 1-3: thread run.sh, cc1, \\x1b[2Jx: threads scheduled there "
		"(not isolated); fix: isolcpus=domain,managed_irq,1-3 (rtlens check)\n"
		"setup: cpus 1-2: irq local_timer, softirq TIMER: the scheduler tick (not "
		"nohz_full); fix: nohz_full=1-3 (rtlens check)\n"
		"setup: cpu 1 softirq RCU: RCU callbacks run on CPU 1: it is not in rcu_nocbs; "
		"fix: rcu_nocbs=1-3 (rtlens check)\n"
		"setup: cpu 3: irq eth0, eth1: new_finding, as the judge says (rtlens check)\n");
	free(text);

	/* twelve threads on CPUs 0, 2, 3 and 5: eight named */
	s->n = 0;
	note(s, 0, NOISE_THREAD, "t0", iso, "");
	note(s, 2, NOISE_THREAD, "t1", iso, "");
	note(s, 3, NOISE_THREAD, "t2", iso, "");
	note(s, 5, NOISE_THREAD, "t3", iso, "");
	for (int i = 4; i < 12; i++) {
		char name[8];

		snprintf(name, sizeof(name), "t%d", i);
		note(s, 5, NOISE_THREAD, name, iso, "");
	}
	text = render_to_text(setup_lines, s);
	assert_string_equal(text,
		"setup: cpus 0,2-3,5: thread t0, t1, t2, t3, t4, t5, t6, t7 and 4 more: threads "
		"scheduled there (not isolated); fix: isolcpus=domain,managed_irq,1-3 (rtlens check)\n");
	free(text);
	free(s);
}

/* ---- the analysis against the table, issue #35: it covers the table's time ---- */

#define PERIODS		10
#define SAMPLES		20	/* per period */
#define SAMPLE_NS	8001	/* an IRQ of 3 us, a thread of 4 us, 1.001 us of hardware */
/* per period, as the tracer's summary says: whole us, cut down */
#define NOISE_US	(SAMPLES * SAMPLE_NS / 1000)

struct run {
	struct rtl_params	p;
	struct run_models	m;
	struct run_view		v;
};

static void feed(struct run_models *m, const struct rtl_record *rec)
{
	run_models_add_models(m, rec);
	run_models_add_analysis(m, rec);
}

/*
 * CPU 1: every sample 8.001 us, an IRQ of 3 us and a one-shot process of
 * 4 us in it (a new pid each time), 1.001 us of it no event explains; the
 * summary counts NOISE_US a period (160), the samples' 160.02 us cut down.
 * Without its summary: the period a stop cut short.
 */
static void feed_samples(struct run *r, int period)
{
	uint64_t base = (uint64_t)period * 1000000000ULL;
	struct rtl_record rec;
	int i;

	for (i = 0; i < SAMPLES; i++) {
		uint64_t start = base + (uint64_t)i * 40000;

		memset(&rec, 0, sizeof(rec));
		rec.kind = RECORD_NOISE_EVENT;
		rec.noise = (struct noise_event){ .cpu = 1, .kind = NOISE_IRQ, .vector = 236,
						  .start_ns = start + 100, .duration_ns = 3000,
						  .ts = start + 3100, .name = "local_timer" };
		feed(&r->m, &rec);
		rec.noise = (struct noise_event){ .cpu = 1, .kind = NOISE_THREAD,
						  .pid = 1000 + period * SAMPLES + i,
						  .start_ns = start + 4000, .duration_ns = 4000,
						  .ts = start + 8000, .name = "run.sh" };
		feed(&r->m, &rec);
		memset(&rec, 0, sizeof(rec));
		rec.kind = RECORD_NOISE_SAMPLE;
		rec.sample = (struct noise_sample){ .cpu = 1, .start_ns = start,
						    .duration_ns = SAMPLE_NS, .ts = start + 8100,
						    .interference = 2 };
		feed(&r->m, &rec);
	}
}

static void feed_summary(struct run *r, int period)
{
	struct rtl_record rec = { .kind = RECORD_OSNOISE_PERIOD };

	rec.period = (struct osnoise_period){ .cpu = 1,
					      .ts = (uint64_t)period * 1000000000ULL + 999000000ULL,
					      .runtime_us = 1000000, .noise_us = NOISE_US,
					      .max_sample_us = 8, .irq_count = SAMPLES,
					      .thread_count = SAMPLES };
	run_models_add_models(&r->m, &rec);
}

static void analysis(FILE *out, const void *arg)
{
	const struct run *r = arg;

	render_analysis(out, &r->m, &r->p, &r->v);
}

static void report(FILE *out, const void *arg)
{
	const struct run *r = arg;

	assert_int_equal(render_json(out, &r->m, &r->p, &r->v), 0);
}

/* @facts: NULL, or the machine's (its steal time) */
static struct run *run_of(const struct sys_facts *facts)
{
	struct run *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	assert_int_equal(cmdline_parse(&r->p, "osnoise top", 4, ARGV("osnoise", "-c", "1", "--aa")),
			 OPTS_OK);
	assert_int_equal(run_models_init(&r->m, &r->p, facts), 0);
	r->v.elapsed_s = PERIODS;
	return r;
}

static struct run *run_new(void)
{
	return run_of(NULL);
}

static void run_free(struct run *r)
{
	run_models_free(&r->m);
	params_free(&r->p);
	free(r);
}

/*
 * Ten periods, then one a stop cut short: the sources (IRQ 600 us, the
 * script's 200 one-shot pids 800 us in one row, hardware 200.2 us) hold
 * the ten periods' samples, 1600.2 us; the table says 1600 us, each
 * period's 160.02 us cut down: the sources hold 0.2 us of that rounding,
 * nothing is left unexplained, and the rows add up to the total.
 */
/* on a terminal, the setup lines wrap at spaces with a hanging indent */
static void test_setup_wrapped(void **state)
{
	struct setup_notes *s = calloc(1, sizeof(*s));
	struct wrapped w = { .notes = s };
	struct finding f[4];
	char *flat, *text;
	int cols;

	(void)state;
	assert_non_null(s);
	eleven_notes(s, f);
	flat = render_to_text(setup_lines, s);
	for (cols = 40; cols <= 160; cols += 40) {
		w.cols = cols;
		text = render_to_text(setup_lines_at, &w);
		assert_wrapped(text, flat, cols, strlen("setup: "));
		assert_int_equal(strcmp(text, flat) != 0, cols < 160);
		assert_has(text, "isolcpus=domain,managed_irq,1-3");
		free(text);
	}
	free(flat);
	free(s);
}

static void wrap_at_30(FILE *out, const void *arg)
{
	render_wrap(out, arg, 30);
}

/* a word longer than the line stands alone; no ": " early, no indent; not a terminal: as is */
static void test_wrap_words(void **state)
{
	static const char text[] =
		"  SMIs: 3 counted by the CPU's SMI counter\n"
		"note: isolcpus=domain,managed_irq,1-3,5-7 or else\n"
		"a line with no colon early in it at all: then\n";
	char *out = render_to_text(wrap_at_30, text);

	(void)state;
	assert_string_equal(out,
		"  SMIs: 3 counted by the CPU's\n"
		"        SMI counter\n"
		"note:\n"
		"      isolcpus=domain,managed_irq,1-3,5-7\n"
		"      or else\n"
		"a line with no colon early in\n"
		"it at all: then\n");
	free(out);
}

static void test_reconciled(void **state)
{
	struct run *r = run_new();
	char *text;
	int period;

	(void)state;
	for (period = 0; period < PERIODS; period++) {
		feed_samples(r, period);
		feed_summary(r, period);
	}
	feed_samples(r, PERIODS);
	run_models_explain(&r->m, &r->p, -1);
	assert_int_equal(OSNOISE_RUN(&r->m)->noise.cpu[1].sum_noise_us, PERIODS * NOISE_US);

	text = render_to_text(analysis, r);
	assert_has(text, "\n  source                             events   in samples    total us     max "
		   "us     share  evidence\n");
	assert_has(text, "\n  thread run.sh (200 PIDs, top 1000)    200    200  100%      800.00       "
		   "4.00   49.99 %  traced\n");
	assert_has(text, "\n  irq local_timer:236                   200    200  100%      600.00       "
		   "3.00   37.50 %  traced\n");
	assert_has(text, "\n  hardware (no OS event seen)             -    200  100%      200.20       "
		   "1.00   12.51 %  inferred\n");
	assert_has(text, "\n  not explained                                                 0.00          "
		   "     0.00 %\n");
	assert_has(text, "\n  total: the measured noise                                  1600.20          "
		   "   100.00 %\n");
	assert_has(text, "\n  note: the total: the table's 1600 us (whole us per period), and\n"
		   "        0.20 us of the fractions it cut off\n");
	/* every sample had time no event covers, none was without interference */
	assert_has(text, "\n  note: hardware (no OS event seen) is inferred: the time no traced event "
		   "covers, in any sample;\n        the tracer's HW count is another thing: the 0 samples "
		   "with no interference at all\n");
	assert_lines_within(text, 100);
	free(text);

	text = render_to_text(report, r);
	assert_has(text, "\"schema_version\": \"2.5\"");
	assert_has(text, "\"pid\": 1000,\n            \"pids\": 200,\n");
	assert_has(text, "\"noise_us\": 1600,\n        \"rounding_us\": 0.2,\n"
		   "        \"sources_us\": 1600.2,\n        \"not_explained_us\": 0,\n"
		   "        \"unsure_us\": 0,\n");
	free(text);
	run_free(r);
}

/* a stop in the first period: no row in the table, no source either */
static void test_stop_in_first_period(void **state)
{
	struct run *r = run_new();
	char *text;

	(void)state;
	feed_samples(r, 0);
	run_models_explain(&r->m, &r->p, -1);
	assert_int_equal(OSNOISE_RUN(&r->m)->noise.cpu[1].cycles, 0);
	assert_int_equal(OSNOISE_RUN(&r->m)->nr_table[1], 0);
	text = render_to_text(analysis, r);
	assert_null(strstr(text, "CPU 1 noise sources"));
	free(text);
	run_free(r);
}

/* r after 4 periods: the table and the sources both hold the 6 after it */
static void test_reset(void **state)
{
	struct run *r = run_new();
	char *text;
	int period;

	(void)state;
	for (period = 0; period < 4; period++) {
		feed_samples(r, period);
		feed_summary(r, period);
	}
	run_models_reset(&r->m);
	for (; period < PERIODS; period++) {
		feed_samples(r, period);
		feed_summary(r, period);
	}
	run_models_explain(&r->m, &r->p, -1);
	assert_int_equal(OSNOISE_RUN(&r->m)->noise.cpu[1].sum_noise_us, 6 * NOISE_US);
	text = render_to_text(analysis, r);
	assert_has(text, "\n  thread run.sh (120 PIDs, top 1080)    120    120  100%      480.00       "
		   "4.00   49.99 %  traced\n");
	assert_has(text, "\n  not explained                                                 0.00          "
		   "     0.00 %\n");
	assert_has(text, "\n  total: the measured noise                                   960.12          "
		   "   100.00 %\n");
	free(text);
	run_free(r);
}

/* Two samples a period of 6.5 ms without interference, which the tracer counts as HW */
#define QUIET_NS	6500000

static void feed_quiet(struct run *r, int period)
{
	uint64_t base = (uint64_t)period * 1000000000ULL;
	struct rtl_record rec = { .kind = RECORD_NOISE_SAMPLE };
	int i;

	for (i = 0; i < 2; i++) {
		uint64_t start = base + 500000000ULL + (uint64_t)i * 100000000ULL;

		rec.sample = (struct noise_sample){ .cpu = 1, .start_ns = start,
						    .duration_ns = QUIET_NS,
						    .ts = start + QUIET_NS + 100 };
		feed(&r->m, &rec);
	}
}

static void feed_summary_quiet(struct run *r, int period)
{
	struct rtl_record rec = { .kind = RECORD_OSNOISE_PERIOD };

	rec.period = (struct osnoise_period){ .cpu = 1,
					      .ts = (uint64_t)period * 1000000000ULL + 999000000ULL,
					      .runtime_us = 1000000,
					      .noise_us = NOISE_US + 2 * QUIET_NS / 1000,
					      .max_sample_us = QUIET_NS / 1000, .hw_count = 2,
					      .irq_count = SAMPLES, .thread_count = SAMPLES };
	run_models_add_models(&r->m, &rec);
}

/*
 * A guest whose CPU 1 had 100 ms of steal (10 ticks of 10 ms) and 130.2 ms
 * of time no event covers: 200 samples with 1.001 us of it, 20 samples
 * without interference (the tracer's HW: 20). The hypervisor's row is an
 * estimate: 100 ms moved from hardware, whole ms, "~", no events, samples
 * nor longest; the rows still add up to the measured noise. The report says
 * so: null where nothing is known, evidence, samples and their share.
 */
static void test_steal_estimate(void **state)
{
	uint64_t steal[2] = { 0, 100000000 };
	struct sys_facts facts = { .nr_cpus = 2, .steal_ok = true, .steal_ns = steal,
				   .steal_tick_ns = 10000000 };
	struct run *r = run_of(&facts);
	char *text;
	int period;

	(void)state;
	for (period = 0; period < PERIODS; period++) {
		feed_samples(r, period);
		feed_quiet(r, period);
		feed_summary_quiet(r, period);
	}
	run_models_explain(&r->m, &r->p, -1);
	text = render_to_text(analysis, r);
	assert_has(text, "\n  hypervisor (steal)                      -      -     -     ~100000          "
		   "-  ~75.99 %  estimated\n");
	assert_has(text, "\n  hardware (no OS event seen)             -    220  100%    30200.20    "
		   "6500.00   22.95 %  inferred\n");
	assert_has(text, "\n  thread run.sh (200 PIDs, top 1000)    200    200   91%      800.00       "
		   "4.00    0.61 %  traced\n");
	assert_has(text, "\n  not explained                                                 0.00          "
		   "     0.00 %\n");
	assert_has(text, "\n  total: the measured noise                                131600.20          "
		   "   100.00 %\n");
	assert_has(text, "\n        the tracer's HW count is another thing: the 20 samples with no "
		   "interference at all\n");
	assert_has(text, "\n  note: hypervisor (steal) is estimated from the CPU's steal time over the "
		   "run\n        (/proc/stat, ticks of 10 ms), in whole ms: its events, samples and "
		   "longest are not known\n");
	assert_lines_within(text, 100);
	free(text);

	text = render_to_text(report, r);
	assert_has(text, "\"kind\": \"vm\",\n            \"name\": \"hypervisor (steal)\",\n"
		   "            \"vector\": null,\n            \"pid\": null,\n            \"pids\": null,\n"
		   "            \"vcpu\": null,\n            \"count\": null,\n"
		   "            \"total_us\": 100000,\n            \"max_us\": null,\n"
		   "            \"evidence\": \"estimated\",\n            \"samples\": null,\n"
		   "            \"samples_pct\": null,\n            \"resolution_us\": 10000\n");
	assert_has(text, "\"count\": 220,\n            \"total_us\": 30200.2,\n"
		   "            \"max_us\": 6500,\n            \"evidence\": \"inferred\",\n"
		   "            \"samples\": 220,\n            \"samples_pct\": 100,\n"
		   "            \"resolution_us\": null\n");
	assert_has(text, "\"count\": 200,\n            \"total_us\": 800,\n"
		   "            \"max_us\": 4,\n            \"evidence\": \"traced\",\n"
		   "            \"samples\": 200,\n            \"samples_pct\": 90.909091,\n");
	assert_has(text, "\"sources_us\": 131600.2,\n        \"not_explained_us\": 0,\n"
		   "        \"unsure_us\": 0,\n        \"samples\": 220,\n");
	free(text);
	run_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_grouped),
		cmocka_unit_test(test_setup_wrapped),
		cmocka_unit_test(test_wrap_words),
		cmocka_unit_test(test_reconciled),
		cmocka_unit_test(test_stop_in_first_period),
		cmocka_unit_test(test_reset),
		cmocka_unit_test(test_steal_estimate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
