// SPDX-License-Identifier: GPL-2.0
/*
 * metrics_http - request heads read and answered for the metrics endpoint
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "session/metrics_http.h"

static const struct {
	const char	*status;
	const char	*body;
} answers[NR_HTTP_ANSWERS] = {
	[HTTP_METRICS]		= { "200 OK", NULL },
	[HTTP_NOT_FOUND]	= { "404 Not Found", "rtlens serves /metrics only\n" },
	[HTTP_BAD_METHOD]	= { "405 Method Not Allowed", "GET or HEAD /metrics\n" },
	[HTTP_BAD_REQUEST]	= { "400 Bad Request", "not an HTTP request\n" },
	[HTTP_TOO_LARGE]	= { "431 Request Header Fields Too Large",
				    "the request's head is too large\n" },
	[HTTP_BUSY]		= { "503 Service Unavailable", "no metrics yet\n" },
};

bool http_request_complete(const char *buf, size_t len)
{
	return memmem(buf, len, "\r\n\r\n", 4) || memmem(buf, len, "\n\n", 2);
}

/* The path of the request line, without its query: "/metrics" */
static bool path_is_metrics(const char *path, size_t len)
{
	static const char want[] = "/metrics";
	size_t n = sizeof(want) - 1;

	return len >= n && !memcmp(path, want, n) && (len == n || path[n] == '?');
}

/* Does a header line "Accept: ..." ask for OpenMetrics? */
static bool accepts_openmetrics(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);
		size_t n = (eol ? eol : end) - p;

		if (n > 7 && !strncasecmp(p, "accept:", 7) &&
		    memmem(p, n, "application/openmetrics-text", 28))
			return true;
		p += n + 1;
	}
	return false;
}

void http_request_parse(const char *buf, size_t len, struct http_request *req)
{
	const char *sp1 = memchr(buf, ' ', len), *sp2, *eol;

	memset(req, 0, sizeof(*req));
	eol = memchr(buf, '\n', len);
	if (!sp1 || !eol || sp1 > eol || !(sp2 = memchr(sp1 + 1, ' ', eol - sp1 - 1)) ||
	    strncmp(sp2 + 1, "HTTP/1.", 7)) {
		req->answer = HTTP_BAD_REQUEST;
		return;
	}
	if (sp1 - buf == 4 && !memcmp(buf, "HEAD", 4))
		req->head_only = true;
	else if (sp1 - buf != 3 || memcmp(buf, "GET", 3)) {
		req->answer = HTTP_BAD_METHOD;
		return;
	}
	if (!path_is_metrics(sp1 + 1, sp2 - sp1 - 1)) {
		req->answer = HTTP_NOT_FOUND;
		return;
	}
	req->answer = HTTP_METRICS;
	req->format = accepts_openmetrics(eol + 1, len - (eol + 1 - buf)) ?
		      METRICS_OPENMETRICS : METRICS_PROMETHEUS;
}

size_t http_answer_head(char *buf, size_t size, const struct http_request *req,
			size_t body_len)
{
	const char *type = "text/plain; charset=utf-8";
	int n;

	if (req->answer == HTTP_METRICS)
		type = metrics_content_type[req->format];
	else
		body_len = strlen(answers[req->answer].body);
	n = snprintf(buf, size,
		     "HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
		     "Cache-Control: no-store\r\nConnection: close\r\n%s\r\n",
		     answers[req->answer].status, type, body_len,
		     req->answer == HTTP_BAD_METHOD ? "Allow: GET, HEAD\r\n" : "");
	return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

const char *http_answer_body(enum http_answer a)
{
	return answers[a].body;
}
