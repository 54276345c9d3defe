// SPDX-License-Identifier: GPL-2.0
/*
 * file_records - a recording of the user engine replayed: the records it
 * handed out, as own_records.c wrote them (ftrace:raw_data events of the
 * file's buffer RECORDING_RECORDS_BUFFER), each checked before it is
 * trusted
 */
#include <string.h>

#include <event-parse.h>

#include "base/log.h"
#include "base/run_end.h"
#include "source/engine/file_parts.h"
#include "source/recording/recording.h"

int file_open_records(struct engine *e)
{
	struct tep_event *raw = tep_find_event_by_name(e->tep, "ftrace", "raw_data");
	int i;

	for (i = 0; i < tracecmd_buffer_instances(e->h); i++)
		if (!strcmp(tracecmd_buffer_instance_name(e->h, i), RECORDING_RECORDS_BUFFER))
			e->records = tracecmd_buffer_instance_handle(e->h, i);
	e->raw_id = raw ? tep_find_field(raw, "id") : NULL;
	e->raw_buf = raw ? tep_find_field(raw, "buf") : NULL;
	if (!e->records || !e->raw_id || !e->raw_buf) {
		err_msg("%s is a recording of rtlens's user engine without its records (buffer %s "
			"of ftrace:raw_data events): it was cut short or edited", e->name,
			RECORDING_RECORDS_BUFFER);
		return -1;
	}
	e->raw_type = raw->id;
	return 0;
}

/* a record as own_records_write() wrote it, checked before it is trusted */
bool file_own_record(const struct engine *e, const struct tep_record *r, struct rtl_record *out)
{
	unsigned short type;
	uint32_t id;

	if (e->raw_buf->offset < 0 || e->raw_id->offset < 0 ||
	    e->raw_buf->offset > r->size - (int)sizeof(*out) ||
	    e->raw_id->offset > r->size - (int)sizeof(id))
		return false;
	memcpy(&type, r->data, sizeof(type));
	memcpy(&id, (const char *)r->data + e->raw_id->offset, sizeof(id));
	if (type != e->raw_type || id != RECORDING_RAW_ID)
		return false;
	memcpy(out, (const char *)r->data + e->raw_buf->offset, sizeof(*out));
	switch (out->kind) {	/* the kinds it writes; their strings, ended */
	case RECORD_NOISE_EVENT:
		out->noise.name[NOISE_NAME_LEN - 1] = '\0';
		break;
	case RECORD_KVM:
		out->kvm.reason[KVM_REASON_LEN - 1] = '\0';
		break;
	case RECORD_CTX:	/* a KVM host's: the vCPU threads' */
		out->edge.name[NOISE_NAME_LEN - 1] = '\0';
		out->edge.prev_comm[CTX_COMM_LEN - 1] = '\0';
		out->edge.next_comm[CTX_COMM_LEN - 1] = '\0';
		break;
	case RECORD_OSNOISE_PERIOD:
	case RECORD_NOISE_SAMPLE:
	case RECORD_TIMERLAT:
	case RECORD_OWN_STOP:
		break;
	default:
		return false;
	}
	return out->period.cpu >= 0 && out->period.cpu < e->p->nr_cpus &&
	       cpu_mask_test(&e->p->cpus, out->period.cpu);
}
