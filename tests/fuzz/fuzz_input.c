// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_input - --input: a trace.dat replayed, a file anyone may have
 * recorded, cut short or edited (libtracecmd opens it and reads its
 * headers and pages; rtlens reads its metadata, takes over its run and
 * decodes its records)
 *
 * Input: the bytes of a trace.dat. The harness writes them to a memfd
 * (read through its /proc/self/fd/N name, as a file given to --input) and
 * replays it as the CLI does, twice: as osnoise top --aa, then as
 * timerlat top -a 50 (timerlat's samples, stacks and analysis): the options
 * parsed, source_open_input(), source_poll() until it has no more, then
 * source_close() and machine_free(). Each record handed out is checked:
 * a decoded kind, a CPU not negative, names and comms NUL-terminated, a
 * stack's depth 0 to 32; a poll that succeeds counts at least the records
 * it handed out (it counts the events it read), and a replay that opens
 * has a CPU to show.
 *
 * libtracecmd and libtraceevent parse the file's headers and event formats
 * before rtlens sees anything: their bugs show here with their functions on
 * the stack (tests/fuzz/README.md), rtlens's with rtlens's.
 */
#include <stdbool.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "base/log.h"
#include "cli/options.h"
#include "source/machine/machine.h"
#include "source/engine/source.h"

#define MAX_POLLS	4	/* the file engine hands everything out in one */

static void count_record(const struct rtl_record *r, void *ctx)
{
	long *records = ctx;

	fuzz_assert(r->kind != RECORD_NONE);
	fuzz_assert(r->period.cpu >= 0);
	fuzz_check_record_strings(r);
	(*records)++;
}

/* The file named @path replayed by `rtlens @tool top @args... --input @path`. */
static void replay(enum rtl_tool tool, const char *command, char **args, int nargs,
		   char *path)
{
	char mode[] = "top", input[] = "--input", *argv[8] = { mode };
	struct rtl_params p;
	struct sys_facts facts = { 0 };
	struct recorded_run run;
	long records;
	struct source *src;
	int argc = 1, i, n;

	for (i = 0; i < nargs; i++)
		argv[argc++] = args[i];
	argv[argc++] = input;
	argv[argc++] = path;
	params_init(&p, tool, MODE_TOP, command, 4);
	fuzz_assert(options_parse(&p, argc, argv) == OPTS_OK);
	src = source_open_input(&p, &facts, &run);
	if (src) {
		fuzz_assert(p.nr_cpus > 0 && cpu_mask_count(&p.cpus) > 0);
		for (i = 0; i < MAX_POLLS && (i == 0 || source_has_more(src)); i++) {
			records = 0;
			n = source_poll(src, count_record, &records);
			fuzz_assert(n < 0 || n >= records);
			if (n < 0)
				break;
		}
		source_close(src);
	}
	machine_free(&facts);
	params_free(&p);
	log_set_debug(false);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	char aa[] = "--aa", a[] = "-a", us[] = "50";
	char *osnoise_args[] = { aa }, *timerlat_args[] = { a, us };

	if (fd < 0) {
		fd = memfd_create("fuzz-input.dat", MFD_CLOEXEC);
		fuzz_assert(fd >= 0);
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	fuzz_assert(!ftruncate(fd, 0));
	fuzz_assert(pwrite(fd, data, size, 0) == (ssize_t)size);
	replay(TOOL_OSNOISE, "osnoise top", osnoise_args, 1, path);
	replay(TOOL_TIMERLAT, "timerlat top", timerlat_args, 2, path);
	return 0;
}
