// SPDX-License-Identifier: GPL-2.0
/*
 * tail_gate_json - --until-confident's verdict as the "gate" object of the
 * report's "tail", in the report's unit (tail_gate_parts.h)
 */
#include <math.h>
#include <string.h>

#include "render/tail_gate_parts.h"

static const char *const verdicts[] = {
	[GATE_UNDECIDED]	= "undecided",
	[GATE_BELOW]		= "below",
	[GATE_ABOVE]		= "above",
};

void tail_gate_json(struct json_writer *w, const struct run_models *m, const char *unit)
{
	const struct tail_gate *g = run_models_gate(m);
	double per = strcmp(unit, "ns") ? 1000 : 1;	/* ns a unit */
	const struct tail_level *l;
	char why[1024];

	if (!g)
		return;
	l = g->by >= 0 ? &g->cpu[g->by].level : NULL;
	tail_gate_why(why, sizeof(why), g, unit);
	json_begin_object(w, "gate");
	json_real(w, "p", g->p);
	json_double(w, "limit", g->limit_ns / per);
	json_string(w, "verdict", verdicts[g->verdict]);
	json_int_or_null(w, "cpu", l ? g->cpu[g->by].cpu : -1);
	/* NaN or no finite end: null */
	json_double(w, "estimate", l ? l->level / per : NAN);
	json_double(w, "lower", l ? l->lower / per : NAN);
	json_double(w, "upper", l ? l->upper / per : NAN);
	json_string(w, "why", why);
	json_end_object(w);
}
