/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tuning_render - the tuning and its findings: the text of `rtlens check`,
 * its JSON document, and the "tuning" object of every report's "system"
 */
#ifndef RTLENS_TUNING_RENDER_H
#define RTLENS_TUNING_RENDER_H

#include <stdio.h>

#include "analysis/setup_notes.h"
#include "base/facts.h"
#include "base/tuning.h"

#define CHECK_SCHEMA_VERSION	"2.1"

struct json_writer;

/* The check's text: the CPUs, the findings, the IRQs, the verdict. */
void render_check_text(FILE *out, const struct tuning *t, const struct sys_facts *f,
		       int exit_status);
/* Its last line: isolated or not, how many findings break it. */
void render_check_verdict(FILE *out, const struct tuning *t, int exit_status);
/* The check's JSON document; 0, or -1 when it could not be written whole. */
int render_check_json(FILE *out, const struct tuning *t, const struct sys_facts *f,
		      int exit_status);
/*
 * "setup: cpu N KIND NAME: why; fix: ..." lines, one per fix, wrapped at
 * @cols (0: not wrapped).
 */
void render_setup_notes(FILE *out, const struct setup_notes *s, int cols);
/* The report's "setup_notes" array. */
void json_setup_notes(struct json_writer *w, const struct setup_notes *s);
/* "system": kernel, host, CPUs, virtualization and, when gathered, "tuning". */
void json_system(struct json_writer *w, int nr_cpus, const struct sys_facts *f);

#endif
