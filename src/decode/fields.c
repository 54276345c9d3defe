// SPDX-License-Identifier: GPL-2.0
/*
 * fields - the readers of a record's fields, for the event modules: numbers,
 * strings, the pid, the kernel function at an address; none reads past the
 * record
 */
#include <stddef.h>
#include <string.h>

#include <event-parse.h>

#include "decode/decode.h"
#include "decode/decode_parts.h"

/* the symbols read once, at the first address to name */
static struct decode_symbols *symbols(const struct event_decoder *ed)
{
	struct decode_symbols *syms = ed->syms;

	if (syms && syms->load && !syms->loaded) {
		syms->loaded = true;
		syms->load(ed->tep);
	}
	return syms;
}

const char *decode_function(const struct event_decoder *ed, uint64_t addr)
{
	struct decode_symbols *syms = symbols(ed);
	const char *sym = tep_find_function(ed->tep, addr);

	return sym || !syms || !syms->late ? sym : syms->late(addr);
}

const char *decode_function_start(const struct event_decoder *ed, uint64_t addr)
{
	struct decode_symbols *syms = symbols(ed);
	const char *sym = tep_find_function(ed->tep, addr);

	if (sym && tep_find_function_address(ed->tep, addr) == addr)
		return sym;
	return syms && syms->late ? syms->late(addr) : NULL;
}

/*
 * The bytes from @f's offset to the end of @rec, -1 when the offset is not
 * inside the record: a record may be shorter than its format says (or the
 * format wrong), and nothing past a record is read.
 */
static int field_room(const struct tep_format_field *f, const struct tep_record *rec)
{
	if (!f || f->offset < 0 || rec->size < f->offset)
		return -1;
	return rec->size - f->offset;
}

int decode_room(const struct event_decoder *ed, int field, const struct tep_record *rec)
{
	return field_room(ed->f[field], rec);
}

static bool field_fits(const struct tep_format_field *f, const struct tep_record *rec)
{
	return f && f->size >= 0 && field_room(f, rec) >= f->size;
}

/*
 * The number at @f's offset, zero-extended from its size, as
 * tep_read_number_field() reads it; without a call into libtraceevent for
 * the byte order of the machine that traced, when it is this one's.
 */
static uint64_t read_field(const struct tep_format_field *f, struct tep_record *rec, bool swap)
{
	const unsigned char *p = (const unsigned char *)rec->data;
	unsigned long long val = 0;
	uint32_t v32;
	uint16_t v16;
	uint64_t v64;

	if (!field_fits(f, rec))
		return 0;
	p += f->offset;
	switch (swap ? 0 : f->size) {
	case 1:
		return *p;
	case 2:
		memcpy(&v16, p, sizeof(v16));
		return v16;
	case 4:
		memcpy(&v32, p, sizeof(v32));
		return v32;
	case 8:
		memcpy(&v64, p, sizeof(v64));
		return v64;
	default:
		tep_read_number_field((struct tep_format_field *)f, rec->data, &val);
		return val;
	}
}

uint64_t decode_u64(const struct event_decoder *ed, int field, struct tep_record *rec)
{
	return read_field(ed->f[field], rec, ed->swap);
}

int decode_pid(const struct event_decoder *ed, struct tep_record *rec)
{
	return (int)read_field(ed->pid_field, rec, ed->swap);
}

/* The bytes of a string field in @rec, false when they are not all inside it. */
static bool str_span(const struct tep_format_field *f, struct tep_record *rec,
		     size_t *start, size_t *n)
{
	uint64_t loc;

	if (f->offset < 0 || f->size < 0 || rec->size < 0)
		return false;
	*start = f->offset;
	*n = f->size;
	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		/* __data_loc: offset in the low 16 bits, length in the high 16 */
		if (!field_fits(f, rec))
			return false;
		loc = read_field(f, rec, tep_is_file_bigendian(f->event->tep) !=
					 tep_is_local_bigendian(f->event->tep));
		*start = loc & 0xffff;
		*n = (loc >> 16) & 0xffff;
		if (f->flags & TEP_FIELD_IS_RELATIVE)
			*start += f->offset + f->size;
	}
	return *start <= (size_t)rec->size && *n <= (size_t)rec->size - *start;
}

void decode_str(const struct event_decoder *ed, int field, struct tep_record *rec,
		char *buf, size_t len)
{
	size_t start, n;

	buf[0] = '\0';
	if (!str_span(ed->f[field], rec, &start, &n))
		return;
	if (n >= len)
		n = len - 1;
	memcpy(buf, (const char *)rec->data + start, n);
	buf[n] = '\0';
}

static bool fields_fit(const struct tep_format_field *f, struct tep_record *rec)
{
	size_t start, n;

	for (; f; f = f->next)
		if (!field_fits(f, rec) ||
		    ((f->flags & TEP_FIELD_IS_DYNAMIC) && !str_span(f, rec, &start, &n)))
			return false;
	return true;
}

bool decode_record_fits(const struct event_decoder *ed, struct tep_record *rec)
{
	struct tep_event *ev = tep_find_event(ed->tep, ed->id);

	return ev && fields_fit(ev->format.common_fields, rec) &&
	       fields_fit(ev->format.fields, rec);
}

bool decode_event_usable(struct tep_handle *tep, const struct event_decoder *ed)
{
	struct tep_event *ev = tep_find_event_by_name(tep, ed->system, ed->name);
	int i;

	for (i = 0; ev && i < DECODE_MAX_FIELDS && ed->fields[i]; i++)
		if (!tep_find_field(ev, ed->fields[i]))
			return false;
	return ev != NULL;
}
