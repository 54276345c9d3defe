// SPDX-License-Identifier: GPL-2.0
/*
 * tuning_layout - a recorded system.tuning in today's layout (see
 * tuning_layout.h)
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "source/recording/tuning_layout.h"

/*
 * The object @name under @parent, made if missing;
 * NULL when a value that is not an object is there
 */
static json_object *level(json_object *parent, const char *name)
{
	json_object *o;

	if (json_object_object_get_ex(parent, name, &o))
		return json_object_is_type(o, json_type_object) ? o : NULL;
	o = json_object_new_object();
	if (o && json_object_object_add(parent, name, o))
		return NULL;	/* freed by the failed add */
	return o;
}

/* "a.b.c", no segment empty */
static bool is_path(const char *key)
{
	size_t len = strlen(key);

	return len && key[0] != '.' && key[len - 1] != '.' && !strstr(key, "..");
}

/* @value under @o at the path @key ("a.b.c"); @key is cut on the way */
static void nest_one(json_object *o, char *key, json_object *value)
{
	json_object *parent = is_path(key) ? o : NULL;
	char *seg = key, *dot;

	while (parent && (dot = strchr(seg, '.'))) {
		*dot = '\0';
		parent = level(parent, seg);
		seg = dot + 1;
	}
	if (parent)
		json_object_object_add(parent, seg, value);
	else
		json_object_put(value);	/* not a path, or one through a value: dropped */
}

static void nest_keys(json_object *o)
{
	char *keys[256];
	size_t n = 0, i;

	if (!o || !json_object_is_type(o, json_type_object))
		return;
	json_object_object_foreach(o, key, v) {
		(void)v;
		if (strchr(key, '.') && n < sizeof(keys) / sizeof(keys[0]))
			keys[n++] = strdup(key);
	}
	for (i = 0; i < n; i++) {
		json_object *value = NULL;

		if (keys[i] && json_object_object_get_ex(o, keys[i], &value)) {
			json_object_get(value);
			json_object_object_del(o, keys[i]);
			nest_one(o, keys[i], value);
		}
		free(keys[i]);
	}
}

void tuning_nest_keys(json_object *tuning)
{
	json_object *o;

	if (json_object_object_get_ex(tuning, "settings", &o) &&
	    json_object_is_type(o, json_type_object)) {
		nest_keys(o);
		level(o, "cmdline");	/* 2.x has it always, {} for none */
	}
	if (json_object_object_get_ex(tuning, "parameters", &o))
		nest_keys(o);
}
