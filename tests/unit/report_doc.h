/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_doc - JSON reports for the tests of what reads them (compare,
 * merge): the schema examples as json-c documents, their members, and a
 * document parsed into a struct report_data
 */
#ifndef RTLENS_TEST_REPORT_DOC_H
#define RTLENS_TEST_REPORT_DOC_H

#include <json-c/json.h>

#include "analysis/report_data.h"

#define EXAMPLES	"tests/schema/examples/"

/* tests/schema/examples/@name, read (the test fails if it cannot be) */
json_object *example(const char *name);
/* the member @key of @o, which must be there */
json_object *at(json_object *o, const char *key);
/* the source of @kind on CPU @cpu of @doc's osnoise analysis, which must be there */
json_object *doc_source(json_object *doc, int cpu, const char *kind);
/* report_parse() of @doc's text; @doc is kept */
int parse_doc(struct report_data *r, json_object *doc, const char *name);
/* @doc into @r, which must parse; @doc is released */
void load(struct report_data *r, json_object *doc, const char *name);

#endif
