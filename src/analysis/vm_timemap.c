// SPDX-License-Identifier: GPL-2.0
/*
 * vm_timemap - the guest's clock onto the host's: a line through the
 * quickest round trip of each group of --host-sync's
 */
#include <math.h>
#include <string.h>

#include "analysis/vm_timemap.h"

struct point {
	double		x;	/* guest ns, the trip's middle */
	double		y;	/* host - guest there */
	uint64_t	rtt;
};

static uint64_t rtt_of(const struct vm_sync_trip *t)
{
	return t->guest_recv - t->guest_send;
}

static struct point point_of(const struct vm_sync_trip *t)
{
	double mid = (double)t->guest_send + (double)rtt_of(t) / 2;

	return (struct point) { .x = mid, .y = (double)t->host - mid, .rtt = rtt_of(t) };
}

/* the quickest trip of each group, into @pts; their number */
static int group_points(const struct vm_sync_trip *trips, int n, struct point *pts,
			struct vm_timemap *m)
{
	const struct vm_sync_trip *best = NULL;
	uint64_t last_send = 0;
	int i, nr = 0;

	for (i = 0; i < n; i++) {
		const struct vm_sync_trip *t = &trips[i];

		if (t->guest_recv < t->guest_send)
			continue;
		m->trips++;
		if (!m->rtt_min_ns || rtt_of(t) < m->rtt_min_ns)
			m->rtt_min_ns = rtt_of(t);
		if (best && t->guest_send - last_send > VM_SYNC_GROUP_GAP_NS) {
			if (nr < VM_SYNC_MAX_POINTS)
				pts[nr++] = point_of(best);
			best = NULL;
		}
		if (!best || rtt_of(t) < rtt_of(best))
			best = t;
		last_send = t->guest_send;
	}
	if (best && nr < VM_SYNC_MAX_POINTS)
		pts[nr++] = point_of(best);
	return nr;
}

/* least squares through the points, x from the first one's */
static void fit_line(struct vm_timemap *m, const struct point *pts, int nr)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, slope = 0;
	int i;

	m->anchor = pts[0].x;
	for (i = 0; i < nr; i++) {
		double x = pts[i].x - m->anchor;

		sx += x;
		sy += pts[i].y;
		sxx += x * x;
		sxy += x * pts[i].y;
	}
	if (nr > 1 && nr * sxx - sx * sx > 0)
		slope = (nr * sxy - sx * sy) / (nr * sxx - sx * sx);
	m->offset_ns = (sy - slope * sx) / nr;
	m->drift_ppm = slope * 1e6;
}

void vm_timemap_fit(struct vm_timemap *m, const struct vm_sync_trip *trips, int n)
{
	struct point pts[VM_SYNC_MAX_POINTS];
	double residual = 0;
	int i, nr;

	memset(m, 0, sizeof(*m));
	nr = group_points(trips, n, pts, m);
	if (!nr)
		return;
	m->known = true;
	m->groups = nr;
	fit_line(m, pts, nr);
	for (i = 0; i < nr; i++) {
		double off = m->offset_ns + m->drift_ppm / 1e6 * (pts[i].x - m->anchor);

		if (fabs(pts[i].y - off) > residual)
			residual = fabs(pts[i].y - off);
		if (pts[i].rtt > m->rtt_max_ns)
			m->rtt_max_ns = pts[i].rtt;
	}
	m->fit_residual_ns = (uint64_t)llround(residual);
	m->error_ns = m->rtt_max_ns / 2 + m->fit_residual_ns;
}

uint64_t vm_timemap_host(const struct vm_timemap *m, uint64_t guest_ns)
{
	double off;

	if (!m->known)
		return guest_ns;
	off = m->offset_ns + m->drift_ppm / 1e6 * ((double)guest_ns - m->anchor);
	if (off < 0 && (double)guest_ns < -off)
		return 0;
	return (uint64_t)llround((double)guest_ns + off);
}
