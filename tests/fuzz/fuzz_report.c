// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_report - the reader of JSON reports (`rtlens compare`): a report is
 * a file anyone may have written or cut short
 *
 * Input: the bytes of a report file. What the reader accepts is then
 * compared with itself and rendered: the comparison's text has no control
 * byte but '\n' and no DEL, its JSON is complete, valid UTF-8 and
 * printable, and a report compared with itself says neither is better.
 */
#include "fuzz.h"
#include "render/compare_render.h"
#include "source/reports/reports.h"

static void check_rendered(const struct comparison *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	int ret;

	fuzz_assert(out);
	render_compare_text(out, c);
	fuzz_assert(!fclose(out));
	fuzz_assert(fuzz_printable((unsigned char *)buf, len));
	free(buf);
	buf = NULL;
	out = open_memstream(&buf, &len);
	fuzz_assert(out);
	ret = render_compare_json(out, c);
	fuzz_assert(!fclose(out));
	fuzz_assert(ret == 0);
	fuzz_assert(fuzz_printable((unsigned char *)buf, len));
	fuzz_assert(fuzz_utf8_valid((unsigned char *)buf, len));
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct report_data a;
	struct comparison c;

	if (report_parse(&a, (const char *)data, size, "fuzz.json"))
		return 0;
	if (!compare_check(&a, &a) && !compare_reports(&c, &a, &a)) {
		fuzz_assert(c.verdict.better == SIDE_SAME);
		check_rendered(&c);
		comparison_free(&c);
	}
	report_data_free(&a);
	return 0;
}
