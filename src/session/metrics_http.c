// SPDX-License-Identifier: GPL-2.0
/*
 * metrics_http - the answers of the metrics endpoint, and its content
 * negotiation
 */
#include <string.h>

#include "session/metrics_http.h"

static const struct {
	unsigned int	status;
	const char	*body;
} answers[NR_HTTP_ANSWERS] = {
	[HTTP_METRICS]		= { 200, NULL },
	[HTTP_NOT_FOUND]	= { 404, "rtlens serves /metrics only\n" },
	[HTTP_BAD_METHOD]	= { 405, "GET or HEAD /metrics\n" },
	[HTTP_BUSY]		= { 503, "no metrics yet\n" },
};

enum http_answer http_route(const char *method, const char *path)
{
	if (strcmp(method, "GET") && strcmp(method, "HEAD"))
		return HTTP_BAD_METHOD;
	return strcmp(path, "/metrics") ? HTTP_NOT_FOUND : HTTP_METRICS;
}

bool http_accepts_openmetrics(const char *accept)
{
	/* media types are case-insensitive */
	return strcasestr(accept, "application/openmetrics-text") != NULL;
}

unsigned int http_answer_status(enum http_answer a)
{
	return answers[a].status;
}

const char *http_answer_body(enum http_answer a)
{
	return answers[a].body;
}
