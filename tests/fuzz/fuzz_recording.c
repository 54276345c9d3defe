// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_recording - the reader of rtlens's metadata in a trace.dat (its
 * version option, "rtlens VERSION recording" then JSON), as --input reads
 * it: a file anyone may have edited
 *
 * Input: the text of the option (the harness ends it with a NUL, as
 * libtracecmd hands it over). recording_parse() either leaves the
 * recording as it was (another tool's text), or refuses it and leaves it
 * empty, or fills it: then its strings are NUL-terminated, its CPU count is
 * 1 to RECORDING_MAX_CPUS with a steal time for each, and the replay takes
 * it over (file_input_apply(), as the command the recording names: its
 * tool checked, its CPU list parsed, its settings and system moved to the
 * run's), every allocation freed by recording_free() or machine_free().
 */
#include <stdbool.h>

#include "fuzz.h"
#include "render/recording_json.h"
#include "source/engine/file_source.h"
#include "source/machine/machine.h"

#define TERMINATED(a)	(memchr((a), '\0', sizeof(a)) != NULL)

static void check_filled(const struct recording *rec)
{
	fuzz_assert(rec->run.by_rtlens);
	fuzz_assert(TERMINATED(rec->run.version) && TERMINATED(rec->run.command) &&
		    TERMINATED(rec->run.data_path));
	fuzz_assert(rec->set.cpus != NULL);	/* allocated, whole */
	fuzz_assert(rec->set.nr_cpus >= 1 && rec->set.nr_cpus <= RECORDING_MAX_CPUS);
	fuzz_assert(rec->facts.nr_cpus == rec->set.nr_cpus && rec->facts.steal_ns);
	fuzz_assert(TERMINATED(rec->facts.kernel_release) && TERMINATED(rec->facts.hostname));
	fuzz_assert(TERMINATED(rec->facts.virt.hypervisor) && TERMINATED(rec->facts.virt.source));
}

/* the replay takes the recording over, as the command it names */
static void apply(struct recording *rec)
{
	struct file_input in = { .name = "fuzz", .rec = *rec };
	struct sys_facts facts = { 0 };
	struct rtl_params p;
	char tool[32];

	recording_tool(rec->run.command, tool, sizeof(tool));
	params_init(&p, strcmp(tool, "timerlat") ? TOOL_OSNOISE : TOOL_TIMERLAT, MODE_TOP,
		    strcmp(tool, "timerlat") ? "osnoise top" : "timerlat top", 4);
	if (!strcmp(tool, "hwnoise"))
		params_set_hwnoise(&p);
	if (!file_input_apply(&in, &p, &facts)) {
		fuzz_assert(p.nr_cpus == rec->set.nr_cpus);
		fuzz_assert(cpu_mask_count(&p.cpus) > 0);
		fuzz_assert(facts.steal_ns && facts.nr_cpus == p.nr_cpus);
	}
	file_input_free(&in);
	machine_free(&facts);
	params_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct recording rec, before;
	char *text = malloc(size + 1);
	int ret;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&rec, 0x5a, sizeof(rec));
	memcpy(&before, &rec, sizeof(rec));
	ret = recording_parse(&rec, text, "fuzz");
	if (ret == 0) {
		fuzz_assert(!memcmp(&rec, &before, sizeof(rec)));
	} else if (ret < 0) {
		fuzz_assert(!rec.facts.steal_ns && !rec.facts.tuning_json && !rec.run.by_rtlens);
	} else {
		fuzz_assert(ret == 1);
		check_filled(&rec);
		apply(&rec);
	}
	free(text);
	return 0;
}
