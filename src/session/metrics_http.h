/* SPDX-License-Identifier: GPL-2.0 */
/*
 * metrics_http - what the metrics endpoint answers: the request's method
 * and path to an answer, its Accept header to a format. libmicrohttpd
 * reads the requests and writes the answers (metrics_server.c).
 */
#ifndef RTLENS_METRICS_HTTP_H
#define RTLENS_METRICS_HTTP_H

#include <stdbool.h>

enum http_answer {
	HTTP_METRICS,		/* 200, the metrics */
	HTTP_NOT_FOUND,		/* 404: only /metrics is served */
	HTTP_BAD_METHOD,	/* 405: GET and HEAD only */
	HTTP_BUSY,		/* 503: nothing to serve yet */
	NR_HTTP_ANSWERS,
};

/* The answer to @method @path ("GET", "/metrics": without the query). */
enum http_answer http_route(const char *method, const char *path);
/* Does the value of an Accept header ask for OpenMetrics? */
bool http_accepts_openmetrics(const char *accept);

/* The status code of an answer, and the body of one that is not the metrics. */
unsigned int http_answer_status(enum http_answer a);
const char *http_answer_body(enum http_answer a);

#endif
