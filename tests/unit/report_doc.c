// SPDX-License-Identifier: GPL-2.0
/*
 * report_doc - JSON reports for the tests of compare and merge
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "source/reports/reports.h"
#include "report_doc.h"

json_object *example(const char *name)
{
	char path[256];
	json_object *doc;

	snprintf(path, sizeof(path), EXAMPLES "%s", name);
	doc = json_object_from_file(path);
	assert_non_null(doc);
	return doc;
}

json_object *at(json_object *o, const char *key)
{
	json_object *v = NULL;

	assert_true(json_object_object_get_ex(o, key, &v));
	return v;
}

int parse_doc(struct report_data *r, json_object *doc, const char *name)
{
	const char *text = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PLAIN);

	return report_parse(r, text, strlen(text), name);
}

void load(struct report_data *r, json_object *doc, const char *name)
{
	assert_int_equal(parse_doc(r, doc, name), 0);
	json_object_put(doc);
}

json_object *doc_source(json_object *doc, int cpu, const char *kind)
{
	json_object *cpus = at(at(doc, "analysis"), "cpus"), *cpu_entry, *sources;
	size_t i, j;

	for (i = 0; i < json_object_array_length(cpus); i++) {
		cpu_entry = json_object_array_get_idx(cpus, i);
		if (json_object_get_int(at(cpu_entry, "cpu")) != cpu)
			continue;
		sources = at(cpu_entry, "sources");
		for (j = 0; j < json_object_array_length(sources); j++) {
			json_object *s = json_object_array_get_idx(sources, j);

			if (!strcmp(json_object_get_string(at(s, "kind")), kind))
				return s;
		}
	}
	fail_msg("no %s source on CPU %d", kind, cpu);
	return NULL;
}
