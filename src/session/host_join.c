// SPDX-License-Identifier: GPL-2.0
/*
 * host_join - a replay's --host-input: the host's vCPU threads followed
 * through its recording (vcpu_host), the guest's clock mapped onto the
 * host's by the round trips in the guest's recording (vm_timemap), both
 * handed to the models as their vm_join
 */
#include <stdlib.h>

#include "base/log.h"
#include "session/host_join.h"
#include "source/engine/source.h"

/* every segment of a vCPU thread is kept for the joins: ~32 B each, on touch */
#define HOST_RING_LEN	(1 << 21)

struct trips {
	struct vm_sync_trip	*t;
	int			nr;
	int			max;
};

static void add_trip(uint64_t send, uint64_t recv, uint64_t host, void *ctx)
{
	struct trips *tr = ctx;

	if (tr->nr == tr->max) {
		int max = tr->max ? 2 * tr->max : 64;
		struct vm_sync_trip *t = realloc(tr->t, max * sizeof(*t));

		if (!t)
			return;
		tr->t = t;
		tr->max = max;
	}
	tr->t[tr->nr++] = (struct vm_sync_trip) {
		.guest_send = send, .guest_recv = recv, .host = host,
	};
}

static int by_send(const void *a, const void *b)
{
	const struct vm_sync_trip *x = a, *y = b;

	return x->guest_send < y->guest_send ? -1 : x->guest_send > y->guest_send;
}

/* the host recording's vCPU threads, followed as it is read */
struct host_read_ctx {
	struct vcpu_host	*vh;
};

static int begin_host(int nr_cpus, void *ctx)
{
	struct host_read_ctx *h = ctx;

	h->vh = vcpu_host_new(nr_cpus, HOST_RING_LEN);
	if (!h->vh)
		err_msg("out of memory");
	return h->vh ? 0 : -1;
}

static void feed_host(const struct rtl_record *rec, void *ctx)
{
	struct host_read_ctx *h = ctx;

	vcpu_host_feed(h->vh, rec);
}

static int load_timemap(const struct rtl_params *p, struct vm_timemap *tm)
{
	struct trips tr = { 0 };

	if (source_read_sync(p->input_path, add_trip, &tr) < 0) {
		free(tr.t);
		return -1;
	}
	if (tr.nr)	/* the buffers are read one after another */
		qsort(tr.t, tr.nr, sizeof(*tr.t), by_send);
	vm_timemap_fit(tm, tr.t, tr.nr);
	free(tr.t);
	if (tm->known)
		return 0;
	err_msg("%s holds no time round trip with its host, which --host-input needs to put "
		"the guest's times on the host's: record the guest with --host-sync DEVICE while "
		"rtlens timesync answers on the host", p->input_path);
	return -1;
}

int host_join_load(const struct rtl_params *p, struct run_models *m)
{
	struct host_read_ctx h = { .vh = NULL };
	struct vm_timemap tm;
	struct vcpu_host *vh;

	if (!p->host_input_path)
		return 0;
	if (load_timemap(p, &tm))
		return -1;
	if (source_read_host(p->host_input_path, begin_host, feed_host, &h)) {
		vcpu_host_free(h.vh);
		return -1;
	}
	vh = h.vh;
	if (!vcpu_host_nr(vh)) {
		err_msg("%s shows no vCPU thread (no KVM exit, no thread named \"CPU n/KVM\" or "
			"\"CPU n/TCG\"): was the guest running on this host, and its CPUs traced?",
			p->host_input_path);
		vcpu_host_free(vh);
		return -1;
	}
	m->join = vm_join_new(vh, &tm, p->nr_cpus);
	if (!m->join) {
		vcpu_host_free(vh);
		err_msg("out of memory");
		return -1;
	}
	return 0;
}
