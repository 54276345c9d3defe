// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_state_record - the parser of the state record a killed run leaves,
 * which the next run (as root) follows to write tracefs files
 *
 * Input: the record, cut into lines as load_record() reads them (fgets into
 * a buffer of STATE_LINE_MAX bytes; a longer line is refused before parsing).
 * Whatever it accepts must name only a file of the allow-list, relative to
 * the tracing directory, and only an instance rtlens creates.
 */
#include "fuzz.h"
#include "source/system/state_record.h"

static void check_file(const struct state_line *l, const char *line, size_t len)
{
	fuzz_assert(l->name >= line && l->name < line + len);
	fuzz_assert(state_record_file_allowed(l->restore, l->name));
	fuzz_assert(l->name[0] != '/' && !strstr(l->name, ".."));
	fuzz_assert(strlen(l->name) <= STATE_FILE_MAX);
	fuzz_assert(l->content && strlen(l->content) <= STATE_CONTENT_MAX);
	fuzz_assert(l->restore != RESTORE_IDLE || !strcmp(l->content, "0") ||
		    !strcmp(l->content, "1"));
}

static void check_line(const struct state_line *l, const char *line, size_t len)
{
	switch (l->kind) {
	case STATE_LINE_MAGIC:
		fuzz_assert(!l->content);
		break;
	case STATE_LINE_PID:
		fuzz_assert(l->pid > 0 && !l->content);
		break;
	case STATE_LINE_INSTANCE:
		fuzz_assert(l->name >= line && l->name < line + len && !l->content);
		fuzz_assert(state_record_instance_allowed(l->name));
		fuzz_assert(!strchr(l->name, '/') && strcmp(l->name, ".") && strcmp(l->name, ".."));
		break;
	case STATE_LINE_FILE:
		check_file(l, line, len);
		break;
	default:
		fuzz_assert(!"a kind of line the parser does not make");
	}
}

/* One line as fgets() gives it: @len bytes, the newline included if any. */
static void parse_one(char *line, size_t len)
{
	struct state_line l;
	const char *why = NULL;

	memset(&l, 0xa5, sizeof(l));
	if (state_record_parse_line(line, &l, &why)) {
		fuzz_assert(why && !l.content);
		return;
	}
	check_line(&l, line, len);
	free(l.content);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char line[STATE_LINE_MAX];
	size_t at = 0, len;
	const uint8_t *nl;

	while (at < size) {
		nl = memchr(data + at, '\n', size - at);
		len = nl ? (size_t)(nl - data - at) + 1 : size - at;
		/* load_record() refuses a line too long for its buffer */
		if (len > sizeof(line) - 1)
			return 0;
		memcpy(line, data + at, len);
		line[len] = '\0';
		parse_one(line, len);
		at += len;
	}
	return 0;
}
