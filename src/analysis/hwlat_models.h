/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hwlat_models - the models of an hwlat session (run_models.data)
 */
#ifndef RTLENS_HWLAT_MODELS_H
#define RTLENS_HWLAT_MODELS_H

#include "analysis/run_models.h"
#include "model/hwlat_model.h"

/* The hwlat model of @m; NULL when the session's tool is not hwlat. */
const struct hwlat_model *hwlat_models_of(const struct run_models *m);

#endif
