// SPDX-License-Identifier: GPL-2.0
/*
 * report_file - an rtlens JSON report read back with json-c (see
 * report_file.h): the file, its JSON, the top level, the system and its
 * tuning, and the reader of its shape (report_shape.h); the results are
 * read by report_results.c
 *
 * What Documentation/json-report.md says is always present is required: a
 * field that is missing or of another type makes the file "damaged", with
 * the field named. What a minor version added (analysis, histogram, user,
 * system.virtualization, system.tuning...) is read when it is there.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/tool.h"
#include "source/reports/reports.h"
#include "source/reports/report_load.h"
#include "source/reports/report_shape.h"

#define REPORT_MAX_BYTES	(512 << 20)

/* ---- the top level ---- */

static int check_tool(struct loader *l, json_object *doc)
{
	json_object *tool, *name;

	if (json_object_is_type(doc, json_type_object) &&
	    json_object_object_get_ex(doc, "tool", &tool) &&
	    json_object_object_get_ex(tool, "name", &name) &&
	    json_object_is_type(name, json_type_string) &&
	    !strcmp(json_object_get_string(name), "rtlens"))
		return 0;
	err_msg("%s is not an rtlens report: it has no \"tool\": {\"name\": \"rtlens\"} "
		"(give the files that rtlens osnoise, timerlat or hwnoise wrote with --json FILE)",
		l->name);
	return -1;
}

static int check_schema(struct loader *l, json_object *doc)
{
	struct report_data *r = l->r;
	char *shown __shown = NULL;
	int end = 0;

	if (report_get_str(l, doc, "schema_version", &r->schema_version))
		return -1;
	/* digits, a dot, digits: sscanf alone would take " 1. 7" */
	if (strspn(r->schema_version, "0123456789.") != strlen(r->schema_version) ||
	    sscanf(r->schema_version, "%d.%d%n", &r->major, &r->minor, &end) != 2 ||
	    r->schema_version[end] || r->major < 0 || r->minor < 0) {
		shown = log_arg(r->schema_version);
		err_msg("%s: schema_version \"%s\" is not MAJOR.MINOR: not a report this rtlens "
			"can read", l->name, shown);
		return -1;
	}
	if (r->major >= REPORT_OLDEST_MAJOR && r->major <= REPORT_NEWEST_MAJOR)
		return 0;
	/* digits and a dot: nothing to escape */
	err_msg("%s has schema_version %s: this rtlens (%s) reads the reports of schemas %d.x "
		"to %d.x only (compare them with an rtlens that knows schema %d)", l->name,
		r->schema_version, RTLENS_VERSION, REPORT_OLDEST_MAJOR,
		REPORT_NEWEST_MAJOR, r->major);
	return -1;
}

static int find_family(struct loader *l, json_object *doc)
{
	struct report_data *r = l->r;
	const struct tool_desc *desc;
	char *shown __shown = NULL;

	if (report_get_str(l, doc, "command", &r->command))
		return -1;
	desc = tool_desc_by_command(r->command);
	l->shape = desc ? report_shape_of(desc->shape) : NULL;
	if (desc && !l->shape) {
		err_msg("%s is a report of rtlens %s, which compare and merge do not read yet: "
			"compare its numbers with a JSON tool (jq)", l->name, r->command);
		return -1;
	}
	if (desc) {
		r->tool = tool_desc_of(desc->tool);
		return 0;
	}
	if (!strcmp(r->command, "check") || !strcmp(r->command, "compare") ||
	    !strcmp(r->command, "merge")) {
		err_msg("%s is the output of rtlens %s, not a measurement's report: give the "
			"reports that osnoise, timerlat and hwnoise write (--json FILE)",
			l->name, r->command);
		return -1;
	}
	shown = log_arg(r->command);
	err_msg("%s is a report of \"%s\", a command this rtlens does not know (it reads "
		"osnoise top/hist, hwnoise and timerlat top/hist reports)", l->name, shown);
	return -1;
}

static int load_system(struct loader *l, json_object *doc, json_object **sys)
{
	struct report_data *r = l->r;
	json_object *virt;

	if (report_get(l, doc, "system", WANT_OBJ, sys) || report_get_str(l, *sys, "hostname", &r->hostname))
		return -1;
	report_where(l, "system");
	if (report_add_member(&r->system, *sys, "kernel_release", "kernel_release") ||
	    report_add_member(&r->system, *sys, "hostname", "hostname") ||
	    report_add_member(&r->system, *sys, "nr_cpus", "nr_cpus"))
		return -1;
	if (json_object_object_get_ex(*sys, "virtualization", &virt) &&
	    report_add_member(&r->system, virt, "hypervisor", "virtualization.hypervisor"))
		return -1;
	report_where(l, "%s", "");
	return 0;
}

/* The settings of the run that make two runs measure differently. */
static int load_config(struct loader *l, json_object *doc, json_object **config)
{
	static const char *const keys[] = {
		"data_path", "cpus", "period_us", "runtime_us", "threshold_us", "priority",
		"threads", "bucket_size",
	};
	struct report_data *r = l->r;
	char name[64];
	size_t i;

	if (report_get(l, doc, "config", WANT_OBJ, config) || report_add_member(&r->config, doc, "engine", "engine"))
		return -1;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		snprintf(name, sizeof(name), "config.%s", keys[i]);
		if (report_add_member(&r->config, *config, keys[i], name))
			return -1;
	}
	return 0;
}

static int load_run(struct loader *l, json_object *doc)
{
	struct report_data *r = l->r;

	if (report_get_str(l, doc, "engine", &r->engine) ||
	    report_get_str(l, doc, "started_at", &r->started_at) ||
	    report_get_num(l, doc, "duration_s", &r->duration_s))
		return -1;
	return 0;
}

/* ---- system.tuning (1.7) ---- */

static int load_finding(struct report_finding *f, json_object *o)
{
	return report_get_text(o, "id", &f->id) || report_get_text(o, "status", &f->status) ||
	       report_get_text(o, "cpus", &f->cpus) || report_get_text(o, "what", &f->what);
}

static int load_findings(struct loader *l, json_object *arr)
{
	struct report_data *r = l->r;
	size_t i, n = json_object_array_length(arr);
	json_object *o;

	r->findings = calloc(n ? n : 1, sizeof(*r->findings));
	if (!r->findings)
		return report_oom();
	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(arr, i);
		if (report_is(o, WANT_OBJ) && load_finding(&r->findings[r->nr_findings++], o))
			return -1;
	}
	return 0;
}

/*
 * The settings by their path, one entry each: 2.x nests them
 * ("sysctl": {"kernel": {"watchdog": 1}}), 1.x wrote the path as the key
 * ("sysctl.kernel.watchdog": 1); both give "sysctl.kernel.watchdog".
 */
static int add_settings(struct report_entries *e, const char *prefix, json_object *o)
{
	json_object_object_foreach(o, key, v) {
		bool object = json_object_is_type(v, json_type_object);
		char *path;
		int ret;

		if (asprintf(&path, "%s%s%s", prefix, key, object ? "." : "") < 0)
			return report_oom();
		ret = object ? add_settings(e, path, v) : report_add_entry(e, path, v);
		free(path);
		if (ret)
			return -1;
	}
	return 0;
}

static int load_tuning(struct loader *l, json_object *sys)
{
	json_object *tuning, *settings, *findings;

	report_where(l, "system");
	if (report_get_null(l, sys, "tuning", WANT_OBJ, &tuning) || !tuning)
		return tuning ? -1 : 0;
	l->r->has_tuning = true;
	report_where(l, "system.tuning");
	if (report_get_null(l, tuning, "settings", WANT_OBJ, &settings) ||
	    report_get_null(l, tuning, "findings", WANT_ARR, &findings))
		return -1;
	if (settings && add_settings(&l->r->settings, "", settings))
		return -1;
	return findings ? load_findings(l, findings) : 0;
}

/* ---- the file ---- */

static int load_doc(struct loader *l, json_object *doc)
{
	json_object *sys, *config;

	if (check_tool(l, doc) || check_schema(l, doc) || find_family(l, doc) ||
	    load_run(l, doc) || load_system(l, doc, &sys) || load_config(l, doc, &config) ||
	    report_load_cpus(l, doc, config) || report_load_histogram(l, doc) ||
	    report_load_analysis(l, doc) || report_load_tail(l, doc))
		return -1;
	return load_tuning(l, sys);
}

static int not_json(struct loader *l, const char *text, size_t end, const char *why)
{
	size_t i, line = 1, column = 1;

	for (i = 0; i < end; i++) {
		column = text[i] == '\n' ? 1 : column + 1;
		line += text[i] == '\n';
	}
	err_msg("%s is not JSON (line %zu, column %zu: %s): give the files that rtlens osnoise, "
		"timerlat or hwnoise wrote with --json FILE", l->name, line, column, why);
	return -1;
}

/* @len bytes of white space (the text need not end with a NUL) */
static bool blank(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
			return false;
	return true;
}

static json_object *parse_json(struct loader *l, const char *text, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	enum json_tokener_error err;
	json_object *doc;
	size_t end;

	if (!tok) {
		report_oom();
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	doc = json_tokener_parse_ex(tok, text, (int)len);
	err = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (err == json_tokener_continue)
		not_json(l, text, len, len ? "it ends too soon" : "the file is empty");
	else if (err != json_tokener_success)
		not_json(l, text, end, json_tokener_error_desc(err));
	else if (!blank(text + end, len - end))
		not_json(l, text, end, "text after the end of the document");
	else if (doc)
		return doc;
	else
		check_tool(l, doc);
	json_object_put(doc);
	return NULL;
}

int report_parse(struct report_data *r, const char *text, size_t len, const char *path)
{
	char *name __shown = log_arg(path);
	struct loader l = { .r = r, .name = name };
	json_object *doc;
	int ret = -1;

	memset(r, 0, sizeof(*r));
	r->path = path;
	if (len > INT_MAX) {
		err_msg("%s is too large for a report", l.name);
		return -1;
	}
	doc = parse_json(&l, text, len);
	if (doc)
		ret = load_doc(&l, doc);
	json_object_put(doc);
	if (ret)
		report_data_free(r);
	return ret;
}

/* The whole file, NUL-terminated; NULL with errno set. */
static char *read_file(const char *path, size_t *len)
{
	size_t cap = 1 << 16;
	char *buf = NULL, *grown;
	FILE *f = fopen(path, "rb");
	int err = 0;

	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		grown = realloc(buf, cap + 1);
		if (!grown) {
			err = ENOMEM;
			break;
		}
		buf = grown;
		*len += fread(buf + *len, 1, cap - *len, f);
		if (ferror(f))
			err = errno ? errno : EIO;
		if (err || *len < cap)
			break;
		if (cap > REPORT_MAX_BYTES) {
			err = EFBIG;
			break;
		}
		cap *= 2;
	}
	fclose(f);
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[*len] = '\0';
	return buf;
}

int report_file_load(struct report_data *r, const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	int ret;

	if (!text) {
		char *shown __shown = log_arg(path);

		memset(r, 0, sizeof(*r));
		err_msg("cannot read the report %s: %s", shown, strerror(errno));
		return -1;
	}
	ret = report_parse(r, text, len, path);
	free(text);
	return ret;
}

/* ---- freeing ---- */

static void free_entries(struct report_entries *e)
{
	size_t i;

	for (i = 0; i < e->n; i++) {
		free(e->v[i].key);
		free(e->v[i].value.text);
	}
	free(e->v);
}

static void free_cpu(struct report_cpu *c)
{
	int i;

	free(c->hist.buckets);
	for (i = 0; i < NR_LATS; i++)
		free(c->lat[i].hist.buckets);
}

void report_data_free(struct report_data *r)
{
	const char *path = r->path;
	size_t i;

	for (i = 0; i < r->nr_cpus; i++)
		free_cpu(&r->cpus[i]);
	for (i = 0; i < r->nr_sources; i++) {
		free(r->sources[i].kind);
		free(r->sources[i].name);
	}
	for (i = 0; i < r->nr_findings; i++) {
		free(r->findings[i].id);
		free(r->findings[i].status);
		free(r->findings[i].cpus);
		free(r->findings[i].what);
	}
	free_entries(&r->system);
	free_entries(&r->config);
	free_entries(&r->settings);
	free(r->cpus);
	free(r->sources);
	free(r->findings);
	free(r->schema_version);
	free(r->command);
	free(r->engine);
	free(r->started_at);
	free(r->hostname);
	memset(r, 0, sizeof(*r));
	r->path = path;
}
