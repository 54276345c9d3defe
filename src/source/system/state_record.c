// SPDX-License-Identifier: GPL-2.0
/*
 * state_record - parse and check the lines of a session's state record
 */
#include <stdlib.h>
#include <string.h>

#include "source/system/state_record.h"
#include "source/system/system.h"

/*
 * The global tracefs files rtlens writes (kernel_source.c, hwlat_tracer.c),
 * relative to the tracing dir.
 */
static const char *const value_files[] = {
	"tracing_thresh",
	"osnoise/cpus",
	"osnoise/period_us",
	"osnoise/runtime_us",
	"osnoise/stop_tracing_us",
	"osnoise/stop_tracing_total_us",
	"osnoise/timerlat_period_us",
	"osnoise/print_stack",
	"osnoise/timerlat_align_us",
	"hwlat_detector/width",
	"hwlat_detector/window",
	"hwlat_detector/mode",
};

#define NR_VALUE_FILES	(sizeof(value_files) / sizeof(value_files[0]))
#define INSTANCE_PREFIX	"rtlens-"

static bool all_of(const char *s, const char *set, size_t min, size_t max)
{
	size_t n = strspn(s, set);

	return !s[n] && n >= min && n <= max;
}

#define DIGITS	"0123456789"
#define LOWER	"abcdefghijklmnopqrstuvwxyz"
#define HEXDIGITS	DIGITS "abcdefABCDEF"

/* "cpuN/stateM", N and M decimal without a leading zero (but "0") */
static bool idle_name_ok(const char *file)
{
	unsigned int cpu, state;
	char again[STATE_FILE_MAX + 16];

	if (sscanf(file, "cpu%u/state%u", &cpu, &state) != 2 || cpu > 65535 || state > 64)
		return false;
	snprintf(again, sizeof(again), "cpu%u/state%u", cpu, state);
	return !strcmp(again, file);
}

bool state_record_file_allowed(enum restore_kind kind, const char *file)
{
	size_t i;

	switch (kind) {
	case RESTORE_VALUE:
		for (i = 0; i < NR_VALUE_FILES; i++)
			if (!strcmp(file, value_files[i]))
				return true;
		return false;
	case RESTORE_OPTIONS:
		return !strcmp(file, OSNOISE_OPTIONS);
	case RESTORE_IDLE:
		return idle_name_ok(file);
	}
	return false;
}

/* "rtlens-PID" or "rtlens-PID-suffix", suffix in lower-case letters */
bool state_record_instance_allowed(const char *name)
{
	const char *p, *dash;
	char pid[16];
	size_t n;

	if (strncmp(name, INSTANCE_PREFIX, strlen(INSTANCE_PREFIX)))
		return false;
	p = name + strlen(INSTANCE_PREFIX);
	dash = strchr(p, '-');
	n = dash ? (size_t)(dash - p) : strlen(p);
	if (n >= sizeof(pid))
		return false;
	memcpy(pid, p, n);
	pid[n] = '\0';
	if (!all_of(pid, DIGITS, 1, 10) || pid[0] == '0')
		return false;
	return !dash || all_of(dash + 1, LOWER, 1, 16);
}

void state_record_put_hex(FILE *f, const char *str)
{
	if (!*str)
		fputc('-', f);
	for (; *str; str++)
		fprintf(f, "%02x", (unsigned char)*str);
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	return (c | 0x20) - 'a' + 10;
}

/* HEX -> the bytes it stands for; NULL when it is not even-length hex */
static char *get_hex(const char *hex, const char **why)
{
	size_t i, n = strlen(hex);
	char *out;

	if (!strcmp(hex, "-"))
		return strdup("");
	if (!n || n % 2 || n / 2 > STATE_CONTENT_MAX || !all_of(hex, HEXDIGITS, 2, n)) {
		*why = "the saved content is not hex";
		return NULL;
	}
	out = malloc(n / 2 + 1);
	if (!out) {
		*why = "out of memory";
		return NULL;
	}
	for (i = 0; i < n / 2; i++) {
		out[i] = (char)(hex_value(hex[2 * i]) << 4 | hex_value(hex[2 * i + 1]));
		if (!out[i]) {
			*why = "the saved content holds a NUL byte";
			free(out);
			return NULL;
		}
	}
	out[i] = '\0';
	return out;
}

static bool idle_content_ok(const char *content)
{
	return !strcmp(content, "0") || !strcmp(content, "1");
}

/* "KIND FILE HEX" */
static int parse_file(char *args, struct state_line *out, const char **why)
{
	char *kind, *file, *hex, *save = NULL, *end;
	long k;

	kind = strtok_r(args, " ", &save);
	file = strtok_r(NULL, " ", &save);
	hex = strtok_r(NULL, " ", &save);
	if (!kind || !file || !hex || strtok_r(NULL, " ", &save)) {
		*why = "expected 'file KIND FILE HEX'";
		return -1;
	}
	k = strtol(kind, &end, 10);
	if (*end || end == kind || k < RESTORE_VALUE || k > RESTORE_IDLE) {
		*why = "unknown kind of saved file";
		return -1;
	}
	if (strlen(file) > STATE_FILE_MAX || !state_record_file_allowed(k, file)) {
		*why = "not a file rtlens saves (only the osnoise and hwlat knobs, tracing_thresh "
		       "and idle states, relative to the tracing directory)";
		return -1;
	}
	out->content = get_hex(hex, why);
	if (!out->content)
		return -1;
	if (k == RESTORE_IDLE && !idle_content_ok(out->content)) {
		*why = "an idle state's saved flag must be 0 or 1";
		free(out->content);
		out->content = NULL;
		return -1;
	}
	out->kind = STATE_LINE_FILE;
	out->restore = k;
	out->name = file;
	return 0;
}

static int parse_pid(const char *arg, struct state_line *out, const char **why)
{
	if (!all_of(arg, DIGITS, 1, 10) || arg[0] == '0' || atol(arg) > 0x7fffffff) {
		*why = "expected 'pid PID'";
		return -1;
	}
	out->kind = STATE_LINE_PID;
	out->pid = (int)atol(arg);
	return 0;
}

int state_record_parse_line(char *line, struct state_line *out, const char **why)
{
	memset(out, 0, sizeof(*out));
	line[strcspn(line, "\n")] = '\0';
	if (!strcmp(line, STATE_MAGIC)) {
		out->kind = STATE_LINE_MAGIC;
		return 0;
	}
	if (!strncmp(line, "pid ", 4))
		return parse_pid(line + 4, out, why);
	if (!strncmp(line, "instance ", 9)) {
		if (!state_record_instance_allowed(line + 9)) {
			*why = "not an instance rtlens creates (rtlens-PID[-suffix])";
			return -1;
		}
		out->kind = STATE_LINE_INSTANCE;
		out->name = line + 9;
		return 0;
	}
	if (!strncmp(line, "file ", 5))
		return parse_file(line + 5, out, why);
	*why = "not a line of a state record";
	return -1;
}
