/* SPDX-License-Identifier: GPL-2.0 */
/*
 * metrics_http - the little HTTP of the metrics endpoint: is a request
 * complete, what it asks for, and the head of the answer. No sockets
 * here (metrics_server.c has them).
 */
#ifndef RTLENS_METRICS_HTTP_H
#define RTLENS_METRICS_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "render/metrics.h"

/* A request's head larger than this is refused (431). */
#define HTTP_REQUEST_MAX	8192

enum http_answer {
	HTTP_METRICS,		/* 200, the metrics */
	HTTP_NOT_FOUND,		/* 404: only /metrics is served */
	HTTP_BAD_METHOD,	/* 405: GET and HEAD only */
	HTTP_BAD_REQUEST,	/* 400 */
	HTTP_TOO_LARGE,		/* 431: the head is too large */
	HTTP_BUSY,		/* 503: nothing to serve yet */
	NR_HTTP_ANSWERS,
};

struct http_request {
	enum http_answer	answer;
	bool			head_only;	/* HEAD: no body */
	enum metrics_format	format;		/* what the client accepts */
};

/* Does @buf (@len bytes) hold a whole request head? */
bool http_request_complete(const char *buf, size_t len);
/* What the complete request head in @buf asks for. */
void http_request_parse(const char *buf, size_t len, struct http_request *req);
/*
 * The status line and headers of the answer, in @buf; @body_len is the
 * metrics' size for HTTP_METRICS. Returns the head's length.
 */
size_t http_answer_head(char *buf, size_t size, const struct http_request *req,
			size_t body_len);
/* The body of an answer that is not the metrics. */
const char *http_answer_body(enum http_answer a);

#endif
