// SPDX-License-Identifier: GPL-2.0
/*
 * fake_tracefs - a tracefs look-alike in a temporary directory, and the
 * kernel's behaviour where rtlens relies on it (see fake_tracefs.h)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <errno.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tracefs.h>

#include "fake_tracefs.h"

#define PATH_LEN	512
#define LOG_LEN		8192

struct fake_tracefs {
	char	root[128];		/* the temporary directory */
	char	tracing[144];		/* root/tracing: what libtracefs sees */
	char	run[144];		/* root/run: $RTLENS_RUN_DIR */
	char	kallsyms[144];		/* root/kallsyms: the fake kernel's symbols */
	bool	tracers;
	char	writes[LOG_LEN];
	char	refused[64];
};

/* the fake libtracefs is pointed at, for the stand-ins below */
static struct fake_tracefs *active;

/* ---- files ---- */

static void put_path(const char *path, const char *content)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(content, f) < 0 || fclose(f))
		fail_msg("fake tracefs: cannot write %s: %s", path, strerror(errno));
}

static char *read_path(const char *path)
{
	char *buf = NULL;
	size_t len = 0, n;
	char chunk[4096];
	FILE *f = fopen(path, "r"), *mem;

	if (!f)
		return NULL;
	mem = open_memstream(&buf, &len);
	assert_non_null(mem);
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		fwrite(chunk, 1, n, mem);
	fclose(f);
	fclose(mem);
	return buf;
}

static void make_dir(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST)
		fail_msg("fake tracefs: cannot create %s: %s", path, strerror(errno));
}

static void path_in(const char *dir, const char *rel, char *buf)
{
	if (snprintf(buf, PATH_LEN, "%s/%s", dir, rel) >= PATH_LEN)
		fail_msg("fake tracefs: the path %s/%s is too long", dir, rel);
}

/* @content into DIR/REL, REL given as a format */
static void put_in(const char *dir, const char *content, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void put_in(const char *dir, const char *content, const char *fmt, ...)
{
	char rel[PATH_LEN], path[PATH_LEN];
	va_list ap;

	va_start(ap, fmt);
	if (vsnprintf(rel, sizeof(rel), fmt, ap) >= (int)sizeof(rel))
		fail_msg("fake tracefs: the path %s is too long", rel);
	va_end(ap);
	path_in(dir, rel, path);
	put_path(path, content);
}

static void dir_in(const char *dir, const char *rel)
{
	char path[PATH_LEN];

	path_in(dir, rel, path);
	make_dir(path);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int remove_inside(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return ftw->level ? remove_one(path, st, flag, ftw) : 0;
}

static int remove_tree(const char *path)
{
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* ---- the events: fields as a 6.x x86_64 kernel lays them out ---- */

struct fake_field {
	const char	*decl;		/* "u64 start", "char comm[16]" */
	int		offset;
	int		size;
	int		is_signed;
};

struct fake_event {
	const char		*system;
	const char		*name;
	struct fake_field	fields[10];	/* up to a NULL decl */
};

#define U64(name, off)	{ "u64 " name, off, 8, 0 }
#define S64(name, off)	{ "s64 " name, off, 8, 1 }
#define INT(name, off)	{ "int " name, off, 4, 1 }
#define UINT(name, off)	{ "unsigned int " name, off, 4, 0 }
#define PTR(name, off)	{ "void * " name, off, 8, 0 }
#define COMM(name, off)	{ "char " name "[16]", off, 16, 0 }
#define STR(name, off)	{ "__data_loc char[] " name, off, 4, 0 }
#define PID(name, off)	{ "pid_t " name, off, 4, 1 }

static const struct fake_event fake_events[] = {
	{ "ftrace", "osnoise", { U64("runtime", 8), U64("noise", 16), U64("max_sample", 24),
		UINT("hw_count", 32), UINT("nmi_count", 36), UINT("irq_count", 40),
		UINT("softirq_count", 44), UINT("thread_count", 48) } },
	{ "ftrace", "timerlat", { UINT("seqnum", 8), INT("context", 12),
		U64("timer_latency", 16) } },
	{ "ftrace", "kernel_stack", { INT("size", 8),
		{ "unsigned long caller[8]", 16, 64, 0 } } },
	{ "osnoise", "sample_threshold", { U64("start", 8), U64("duration", 16),
		U64("interference", 24) } },
	{ "osnoise", "nmi_noise", { U64("start", 8), U64("duration", 16) } },
	{ "osnoise", "irq_noise", { U64("start", 8), U64("duration", 16), STR("desc", 24),
		INT("vector", 28) } },
	{ "osnoise", "softirq_noise", { U64("start", 8), U64("duration", 16),
		INT("vector", 24) } },
	{ "osnoise", "thread_noise", { COMM("comm", 8), U64("start", 24),
		U64("duration", 32), PID("pid", 40) } },
	{ "irq", "irq_handler_entry", { INT("irq", 8), STR("name", 12) } },
	{ "irq", "irq_handler_exit", { INT("irq", 8), INT("ret", 12) } },
	{ "irq", "softirq_entry", { UINT("vec", 8) } },
	{ "irq", "softirq_exit", { UINT("vec", 8) } },
	{ "irq_vectors", "local_timer_entry", { INT("vector", 8) } },
	{ "irq_vectors", "local_timer_exit", { INT("vector", 8) } },
	{ "sched", "sched_switch", { COMM("prev_comm", 8), PID("prev_pid", 24),
		INT("prev_prio", 28), { "long prev_state", 32, 8, 1 }, COMM("next_comm", 40),
		PID("next_pid", 56), INT("next_prio", 60) } },
	{ "sched", "sched_wakeup", { COMM("comm", 8), PID("pid", 24), INT("prio", 28),
		INT("target_cpu", 32) } },
	{ "nmi", "nmi_handler", { PTR("handler", 8), S64("delta_ns", 16),
		INT("handled", 24) } },
	{ "timer", "hrtimer_start", { PTR("hrtimer", 8), PTR("function", 16),
		S64("expires", 24), S64("softexpires", 32),
		{ "enum hrtimer_mode mode", 40, 4, 0 } } },
	{ "timer", "hrtimer_expire_entry", { PTR("hrtimer", 8), S64("now", 16),
		PTR("function", 24) } },
};

#define NR_FAKE_EVENTS	(int)(sizeof(fake_events) / sizeof(fake_events[0]))
#define FIRST_EVENT_ID	300

/* the name a field declaration declares: its last word, without [N] */
static void field_name(const char *decl, char *buf, size_t len)
{
	const char *name = strrchr(decl, ' ') + 1;

	snprintf(buf, len, "%.*s", (int)strcspn(name, "["), name);
}

/* "name=%... name=%...", REC->name, ... : every field, as the kernel prints them */
static void print_fmt(FILE *out, const struct fake_event *ev)
{
	const struct fake_field *fl;
	char name[64];

	fputs("print fmt: \"", out);
	for (fl = ev->fields; fl->decl; fl++) {
		field_name(fl->decl, name, sizeof(name));
		fprintf(out, "%s%s=%s", fl == ev->fields ? "" : " ", name,
			strchr(fl->decl, '[') ? "%s" : "%llu");
	}
	fputc('"', out);
	for (fl = ev->fields; fl->decl; fl++) {
		field_name(fl->decl, name, sizeof(name));
		if (strstr(fl->decl, "__data_loc"))
			fprintf(out, ", __get_str(%s)", name);
		else
			fprintf(out, ", REC->%s", name);
	}
	fputc('\n', out);
}

static char *format_text(const struct fake_event *ev, int id)
{
	const struct fake_field *fl;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	fprintf(out, "name: %s\nID: %d\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
		"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n", ev->name, id);
	for (fl = ev->fields; fl->decl; fl++)
		fprintf(out, "\tfield:%s;\toffset:%d;\tsize:%d;\tsigned:%d;\n", fl->decl,
			fl->offset, fl->size, fl->is_signed);
	fputc('\n', out);
	print_fmt(out, ev);
	fclose(out);
	return text;
}

#define TRIGGERS	"# Available triggers:\n# traceon traceoff snapshot stacktrace " \
			"enable_event disable_event enable_hist disable_hist hist\n"

/* events/ under @dir (the top level or an instance) */
static void make_events(const char *dir)
{
	char events[PATH_LEN], rel[PATH_LEN], id[16], *fmt;
	int i;

	path_in(dir, "events", events);
	make_dir(events);
	put_in(events, "0\n", "enable");
	put_in(events, "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
		"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n", "header_page");
	put_in(events, "# compressed entry header\n\ttype_len    :    5 bits\n"
		"\ttime_delta  :   27 bits\n\tarray       :   32 bits\n", "header_event");
	for (i = 0; i < NR_FAKE_EVENTS; i++) {
		const struct fake_event *ev = &fake_events[i];
		bool ftrace = !strcmp(ev->system, "ftrace");

		dir_in(events, ev->system);
		path_in(ev->system, ev->name, rel);
		dir_in(events, rel);
		snprintf(id, sizeof(id), "%d\n", FIRST_EVENT_ID + i);
		put_in(events, id, "%s/%s/id", ev->system, ev->name);
		fmt = format_text(ev, FIRST_EVENT_ID + i);
		put_in(events, fmt, "%s/%s/format", ev->system, ev->name);
		free(fmt);
		/* the tracer's own events cannot be enabled, filtered or triggered */
		if (ftrace)
			continue;
		put_in(events, "0\n", "%s/enable", ev->system);
		put_in(events, "none\n", "%s/filter", ev->system);
		put_in(events, "0\n", "%s/%s/enable", ev->system, ev->name);
		put_in(events, "none\n", "%s/%s/filter", ev->system, ev->name);
		put_in(events, TRIGGERS, "%s/%s/trigger", ev->system, ev->name);
	}
}

#define TRACERS		"osnoise timerlat nop\n"
#define NO_TRACERS	"blk function nop\n"

/* what the top level and every instance have */
static void make_buffer_files(const char *dir, bool tracers)
{
	put_in(dir, tracers ? TRACERS : NO_TRACERS, "available_tracers");
	put_in(dir, "nop\n", "current_tracer");
	put_in(dir, "1\n", "tracing_on");
	put_in(dir, "1410\n", "buffer_size_kb");
	put_in(dir, "# tracer: nop\n#\n", "trace");
	put_in(dir, "[local] global counter uptime perf mono mono_raw boot\n", "trace_clock");
	put_in(dir, "f\n", "tracing_cpumask");
	put_in(dir, "", "error_log");
	make_events(dir);
}

#define OPTIONS_DEFAULT	"DEFAULTS OSNOISE_WORKLOAD NO_PANIC_ON_STOP " \
			"NO_OSNOISE_PREEMPT_DISABLE NO_OSNOISE_IRQ_DISABLE\n"

static void make_osnoise(const char *dir)
{
	static const char *const knobs[][2] = {
		{ "cpus", "0-3\n" }, { "period_us", "1000000\n" }, { "runtime_us", "1000000\n" },
		{ "stop_tracing_us", "0\n" }, { "stop_tracing_total_us", "0\n" },
		{ "timerlat_period_us", "1000\n" }, { "print_stack", "0\n" },
		{ "options", OPTIONS_DEFAULT },
	};
	size_t i;

	dir_in(dir, "osnoise");
	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++)
		put_in(dir, knobs[i][1], "osnoise/%s", knobs[i][0]);
}

/* the fake kernel's symbols, among them the function of sleepers' timers */
#define FAKE_KALLSYMS	"ffffffff81000000 T _stext\n" \
			"ffffffff81190000 T hrtimer_wakeup\n" \
			"ffffffff81200000 T schedule\n"

struct fake_tracefs *fake_tracefs_new(bool tracers)
{
	struct fake_tracefs *f = calloc(1, sizeof(*f));
	const char *tmp = getenv("TMPDIR");

	assert_non_null(f);
	assert_null(active);
	if (snprintf(f->root, sizeof(f->root), "%s/rtlens-fake-tracefs-XXXXXX",
		     tmp && *tmp ? tmp : "/tmp") >= (int)sizeof(f->root))
		fail_msg("fake tracefs: TMPDIR %s is too long", tmp);
	assert_non_null(mkdtemp(f->root));
	snprintf(f->tracing, sizeof(f->tracing), "%s/tracing", f->root);
	snprintf(f->run, sizeof(f->run), "%s/run", f->root);
	snprintf(f->kallsyms, sizeof(f->kallsyms), "%s/kallsyms", f->root);
	put_path(f->kallsyms, FAKE_KALLSYMS);
	f->tracers = tracers;
	make_dir(f->tracing);
	make_dir(f->run);
	make_buffer_files(f->tracing, tracers);
	put_in(f->tracing, "0\n", "tracing_thresh");
	dir_in(f->tracing, "instances");
	if (tracers)
		make_osnoise(f->tracing);
	assert_int_equal(tracefs_set_tracing_dir(f->tracing), 0);
	setenv("RTLENS_RUN_DIR", f->run, 1);
	active = f;
	return f;
}

void fake_tracefs_free(struct fake_tracefs *f)
{
	if (!f)
		return;
	active = NULL;
	tracefs_set_tracing_dir(NULL);
	unsetenv("RTLENS_RUN_DIR");
	remove_tree(f->root);
	free(f);
}

const char *fake_tracefs_run_dir(const struct fake_tracefs *f)
{
	return f->run;
}

char *fake_tracefs_read(const struct fake_tracefs *f, const char *file)
{
	char path[PATH_LEN];

	path_in(f->tracing, file, path);
	return read_path(path);
}

bool fake_tracefs_exists(const struct fake_tracefs *f, const char *file)
{
	char path[PATH_LEN];

	path_in(f->tracing, file, path);
	return !access(path, F_OK);
}

void fake_tracefs_put(const struct fake_tracefs *f, const char *file, const char *content)
{
	char rel[PATH_LEN];
	char *slash;

	/* the directories on the way, as a kernel feature brings them */
	snprintf(rel, sizeof(rel), "%s", file);
	for (slash = strchr(rel, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		dir_in(f->tracing, rel);
		*slash = '/';
	}
	put_in(f->tracing, content, "%s", file);
}

void fake_tracefs_expect(const struct fake_tracefs *f, const char *file, const char *content)
{
	char *text = fake_tracefs_read(f, file);

	if (!text)
		fail_msg("%s: missing, expected '%s'", file, content);
	if (strcmp(text, content))
		fail_msg("%s: '%s', expected '%s'", file, text, content);
	free(text);
}

char *fake_tracefs_record(const struct fake_tracefs *f)
{
	char path[PATH_LEN];

	path_in(f->run, "state", path);
	return read_path(path);
}

void fake_tracefs_put_record(const struct fake_tracefs *f, const char *text)
{
	put_in(f->run, text, "state");
}

/* ---- the snapshot ---- */

struct snap_lines {
	char	**v;
	size_t	n;
	size_t	skip;		/* the length of the tracing dir's path and its '/' */
	bool	instances;
};

/* nftw() takes no context: the snapshot being taken */
static struct snap_lines *snap;

static void snap_add(char *line)
{
	char **v = realloc(snap->v, (snap->n + 1) * sizeof(*v));

	assert_non_null(v);
	snap->v = v;
	snap->v[snap->n++] = line;
}

static int snap_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	const char *rel = path + snap->skip;
	char *line, *content, *c;

	(void)st;
	if (!ftw->level)
		return 0;
	if (!snap->instances && !strncmp(rel, "instances/", 10))
		return 0;
	if (flag == FTW_D) {
		assert_true(asprintf(&line, "%s/", rel) > 0);
	} else {
		content = read_path(path);
		assert_non_null(content);
		for (c = content; *c; c++)
			if (*c == '\n')
				*c = '|';
		assert_true(asprintf(&line, "%s: %s", rel, content) > 0);
		free(content);
	}
	snap_add(line);
	return 0;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *fake_tracefs_snapshot(const struct fake_tracefs *f, bool instances)
{
	struct snap_lines lines = { NULL, 0, strlen(f->tracing) + 1, instances };
	char *text = NULL;
	size_t len = 0, i;
	FILE *out;

	snap = &lines;
	assert_int_equal(nftw(f->tracing, snap_one, 16, FTW_PHYS), 0);
	snap = NULL;
	qsort(lines.v, lines.n, sizeof(*lines.v), by_text);
	out = open_memstream(&text, &len);
	assert_non_null(out);
	for (i = 0; i < lines.n; i++) {
		fprintf(out, "%s\n", lines.v[i]);
		free(lines.v[i]);
	}
	fclose(out);
	free(lines.v);
	return text;
}

/* the first line where @a and @b differ, as "a: LINE" and "b: LINE" */
static void first_difference(const char *a, const char *b)
{
	size_t n;

	while (*a && *b) {
		n = strcspn(a, "\n");
		if (n != strcspn(b, "\n") || strncmp(a, b, n))
			break;
		a += n + !!a[n];
		b += n + !!b[n];
	}
	fail_msg("the tree differs:\n  was: %.*s\n  now: %.*s", (int)strcspn(a, "\n"), a,
		 (int)strcspn(b, "\n"), b);
}

void fake_tracefs_expect_snapshot(const struct fake_tracefs *f, const char *before,
				  bool instances)
{
	char *now = fake_tracefs_snapshot(f, instances);

	if (strcmp(before, now))
		first_difference(before, now);
	free(now);
}

/* ---- the top-level writes, and the kernel's rules for them ---- */

const char *fake_tracefs_writes(const struct fake_tracefs *f)
{
	return f->writes;
}

void fake_tracefs_forget_writes(struct fake_tracefs *f)
{
	f->writes[0] = '\0';
}

void fake_tracefs_refuse(struct fake_tracefs *f, const char *file)
{
	snprintf(f->refused, sizeof(f->refused), "%s", file ? file : "");
}

static void log_write(struct fake_tracefs *f, const char *file, const char *value, bool ok)
{
	size_t used = strlen(f->writes);

	snprintf(f->writes + used, sizeof(f->writes) - used, "%s %s%s\n", file, value,
		 ok ? "" : " refused");
}

static unsigned long long knob(const struct fake_tracefs *f, const char *file)
{
	char *text = fake_tracefs_read(f, file);
	unsigned long long v = text ? strtoull(text, NULL, 10) : 0;

	free(text);
	return v;
}

/* period_us bounds runtime_us from above, and runtime_us period_us from below */
static bool knob_accepts(const struct fake_tracefs *f, const char *file, const char *value)
{
	unsigned long long v = strtoull(value, NULL, 10);

	if (!strcmp(file, "osnoise/period_us"))
		return v >= knob(f, "osnoise/runtime_us");
	if (!strcmp(file, "osnoise/runtime_us"))
		return v <= knob(f, "osnoise/period_us");
	return true;
}

/* osnoise/options after the write of NAME or NO_NAME, or NULL for an unknown option */
static char *set_option(const struct fake_tracefs *f, const char *value)
{
	const char *name = strncmp(value, "NO_", 3) ? value : value + 3;
	char *opts = fake_tracefs_read(f, "osnoise/options"), *tok, *save = NULL, *out = NULL;
	size_t len = 0;
	bool found = false;
	FILE *mem = open_memstream(&out, &len);

	assert_non_null(opts);
	assert_non_null(mem);
	for (tok = strtok_r(opts, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
		const char *bare = strncmp(tok, "NO_", 3) ? tok : tok + 3;
		bool match = !strcmp(bare, name);

		found |= match;
		fprintf(mem, "%s%s", tok == opts ? "" : " ", match ? value : tok);
	}
	fputc('\n', mem);
	fclose(mem);
	free(opts);
	if (!strcmp(value, "DEFAULTS")) {
		free(out);
		return strdup(OPTIONS_DEFAULT);
	}
	if (found)
		return out;
	free(out);
	return NULL;
}

static int kernel_write(struct fake_tracefs *f, const char *file, const char *str)
{
	char value[4096], path[PATH_LEN], *opts = NULL;
	int err = 0;

	/* room for the newline it reads back with */
	snprintf(value, sizeof(value) - 1, "%.*s", (int)strcspn(str, "\n"), str);
	path_in(f->tracing, file, path);
	if (access(path, F_OK))
		err = ENOENT;
	else if (!strcmp(file, f->refused))
		err = EBUSY;
	else if (!strcmp(file, "osnoise/options") && !(opts = set_option(f, value)))
		err = EINVAL;
	else if (!knob_accepts(f, file, value))
		err = EINVAL;
	log_write(f, file, value, !err);
	if (err) {
		errno = err;
		return -1;
	}
	put_path(path, opts ? opts : strcat(value, "\n"));
	free(opts);
	return strlen(str);
}

/* ---- the stand-ins for libtracefs (see fake_tracefs.h) ---- */

static void *real_fn(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn)
		fail_msg("fake tracefs: libtracefs has no %s", name);
	return fn;
}

static void instance_dir(const struct fake_tracefs *f, const char *name, char *buf)
{
	char rel[PATH_LEN];

	path_in("instances", name, rel);
	path_in(f->tracing, rel, buf);
}

/*
 * libtracefs 1.6 answers the top level's directory with the system's
 * tracefs even after tracefs_set_tracing_dir(), and tracefs_file_exists(),
 * tracefs_instance_exists() and tracefs_event_file_exists() go by it: the
 * fake's, while there is one
 */
char *tracefs_instance_get_dir(struct tracefs_instance *inst)
{
	char *(*real)(struct tracefs_instance *) = real_fn(__func__);

	if (!inst && active)
		return strdup(active->tracing);
	return real(inst);
}

/*
 * The kernel's symbols, which libtracefs reads from /proc/kallsyms with the
 * event formats: the fake kernel's few. This machine's 100000 take libtracefs,
 * growing its buffer a few kB at a time, seconds under the sanitizers, for
 * every run. (rtlens's own reads of /proc/kallsyms, through fopen(), stay
 * the machine's.)
 */
int open64(const char *path, int flags, ...)
{
	static int (*real)(const char *, int, ...);
	mode_t mode = 0;
	va_list ap;

	if (!real)
		real = real_fn(__func__);
	if (flags & (O_CREAT | __O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (active && !strcmp(path, "/proc/kallsyms"))
		path = active->kallsyms;
	return real(path, flags, mode);
}

struct tracefs_instance *tracefs_instance_create(const char *name)
{
	struct tracefs_instance *(*real)(const char *) = real_fn(__func__);
	struct tracefs_instance *inst = real(name);
	char dir[PATH_LEN];

	if (inst && active && name && tracefs_instance_is_new(inst)) {
		instance_dir(active, name, dir);
		make_buffer_files(dir, active->tracers);
	}
	return inst;
}

int tracefs_instance_destroy(struct tracefs_instance *inst)
{
	int (*real)(struct tracefs_instance *) = real_fn(__func__);
	const char *name = tracefs_instance_get_name(inst);
	char dir[PATH_LEN];

	if (active && name) {
		/* the kernel removes the instance with everything in it */
		instance_dir(active, name, dir);
		nftw(dir, remove_inside, 16, FTW_DEPTH | FTW_PHYS);
	}
	return real(inst);
}

int tracefs_instance_file_write(struct tracefs_instance *inst, const char *file, const char *str)
{
	int (*real)(struct tracefs_instance *, const char *, const char *) = real_fn(__func__);

	if (!active || inst || !str)
		return real(inst, file, str);
	return kernel_write(active, file, str);
}
