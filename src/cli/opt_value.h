/* SPDX-License-Identifier: GPL-2.0 */
/*
 * opt_value - the value of one option of a table (opt_parse.h): checked
 * as its row says and stored where its row says, or handed to its function
 */
#ifndef RTLENS_OPT_VALUE_H
#define RTLENS_OPT_VALUE_H

#include <stdbool.h>

#include "cli/opt_parse.h"

/*
 * Store @arg (NULL: none) as option @o says, into @ctx; @negated: it was
 * written --no-NAME. -1 refuses it, *@why set (valid until the next call).
 */
int opt_store(const struct opt_desc *o, void *ctx, const char *arg, bool negated,
	      const char **why);

#endif
