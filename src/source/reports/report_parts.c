// SPDX-License-Identifier: GPL-2.0
/*
 * report_parts - the parts of a report's results that every shape reads
 * alike: a histogram, the analysis' sources, a unit (see report_parts.h)
 */
#include <stdlib.h>
#include <string.h>

#include "source/reports/report_parts.h"

double report_unit_to_us(const char *unit)
{
	return unit && !strcmp(unit, "ns") ? 0.001 : 1;
}

/* ---- histogram ---- */

static int load_buckets(struct loader *l, json_object *arr, struct report_hist *h)
{
	size_t i, n = json_object_array_length(arr);
	json_object *b;
	h->buckets = calloc(n ? n : 1, sizeof(*h->buckets));
	if (!h->buckets)
		return report_oom();
	for (i = 0; i < n; i++) {
		b = json_object_array_get_idx(arr, i);
		if (!report_is(b, WANT_OBJ) || report_get_count(l, b, "index", &h->buckets[i].index) ||
		    report_get_count(l, b, "count", &h->buckets[i].count))
			return report_damaged(l, "buckets", "holds a bucket that is not {index, count}");
		if (i && h->buckets[i].index <= h->buckets[i - 1].index)
			return report_damaged(l, "buckets", "are not in ascending index order");
		h->nr_buckets++;
	}
	return 0;
}

/* @proto: the bucket layout and unit of the report's histograms */
int report_load_hist(struct loader *l, json_object *o, const struct report_hist *proto,
		     struct report_hist *h)
{
	json_object *max, *buckets;

	if (h->present)
		return report_damaged(l, "cpu", "appears twice");
	*h = *proto;
	if (report_get_count(l, o, "over", &h->over) || report_get_null(l, o, "max", WANT_NUM, &max) ||
	    report_get(l, o, "buckets", WANT_ARR, &buckets))
		return -1;
	h->has_max = max;
	h->max = max ? json_object_get_double(max) : 0;
	return load_buckets(l, buckets, h);
}

/* ---- sources ---- */

int report_add_source(struct loader *l, const struct report_source *s)
{
	struct report_data *r = l->r;
	struct report_source *grown;

	if (r->nr_sources == l->sources_cap) {
		l->sources_cap = l->sources_cap ? 2 * l->sources_cap : 64;
		grown = realloc(r->sources, l->sources_cap * sizeof(*grown));
		if (!grown)
			return report_oom();
		r->sources = grown;
	}
	r->sources[r->nr_sources] = *s;
	r->sources[r->nr_sources].kind = NULL;
	r->sources[r->nr_sources].name = NULL;
	r->nr_sources++;
	return report_dup(s->kind, &r->sources[r->nr_sources - 1].kind) ||
	       report_dup(s->name, &r->sources[r->nr_sources - 1].name);
}

/* (2.3) evidence "estimated", or before it the kind "vm": the steal estimate */
static bool estimated(json_object *o, const char *kind)
{
	json_object *v;

	if (json_object_object_get_ex(o, "evidence", &v) && json_object_is_type(v, json_type_string))
		return !strcmp(json_object_get_string(v), "estimated");
	return !strcmp(kind, "vm");
}

/*
 * A source's count: a number; (2.3) the estimate's may be null, its events
 * not known: not 0
 */
static int load_count(struct loader *l, json_object *o, struct report_source *s)
{
	json_object *v = NULL;

	if (!s->estimated)
		return report_get_num(l, o, "count", &s->count);
	if (!json_object_object_get_ex(o, "count", &v) || (v && !report_is(v, WANT_NUM)))
		return report_get_num(l, o, "count", &s->count);	/* says what is wrong */
	s->count_unknown = !v;
	s->count = v ? json_object_get_double(v) : 0;
	return 0;
}

static int load_source(struct loader *l, json_object *o, int cpu)
{
	struct report_source s = { .cpu = cpu };
	json_object *kind, *name;

	if (!report_is(o, WANT_OBJ))
		return report_damaged(l, "sources", "holds a source that is not an object");
	if (report_get(l, o, "kind", WANT_STR, &kind) || report_get(l, o, "name", WANT_STR, &name))
		return -1;
	s.kind = (char *)json_object_get_string(kind);
	s.name = (char *)json_object_get_string(name);
	s.estimated = estimated(o, s.kind);
	if (report_get_id(l, o, "pid", &s.pid) || load_count(l, o, &s) ||
	    report_get_num(l, o, "total_us", &s.us))
		return -1;
	return report_add_source(l, &s);
}

int report_load_sources(struct loader *l, json_object *o, int cpu)
{
	json_object *sources;
	size_t i;

	if (report_get(l, o, "sources", WANT_ARR, &sources))
		return -1;
	for (i = 0; i < json_object_array_length(sources); i++)
		if (load_source(l, json_object_array_get_idx(sources, i), cpu))
			return -1;
	return 0;
}
