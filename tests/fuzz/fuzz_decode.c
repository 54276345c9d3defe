// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_decode - the decoders, fed with event formats and raw ring-buffer
 * pages as the kernel source reads them (libtraceevent's kbuffer)
 *
 * Input:
 *   byte 0        bit 0: 8-byte longs (else 4); bits 1-3: the CPU
 *   byte 1        the decode sets asked for (enum decode_set)
 *   formats       each: u16 length (little endian), then that many bytes
 *                 (a length of 0 ends the list): system, event name (strings:
 *                 a length byte, then the bytes), u16 ID, a byte that picks
 *                 the print format, then fields (see field_line)
 *   pages         the rest, in pages of up to 4096 bytes: u64 timestamp,
 *                 a long of commit size and flags, then the events
 *
 * The harness writes each format file, with the input's names, IDs, field
 * types, offsets and sizes, in the right syntax, and one of a fixed few
 * print formats: libtraceevent's format parser is not rtlens's to fuzz (it
 * crashes on some broken files). It also keeps what the kernel and
 * libtracefs guarantee: a page's commit size fits in the page and covers
 * events that follow one another, a record lies inside its page and holds
 * its common_type. Everything else is the decoders' to handle; each record
 * is copied to a buffer of its own size, so any read past it is caught.
 */
#include <stdbool.h>

#include <event-parse.h>
#include <kbuffer.h>

#include "decode/decode.h"
#include "fuzz.h"

#define MAX_FORMATS		64
#define PAGE_MAX		4096
#define PAGE_SLACK		16	/* kbuffer reads an event's header a word ahead */
#define MAX_EVENTS_PER_PAGE	1024
#define COMMIT_SIZE_MASK	((1ULL << 27) - 1)	/* kbuffer's COMMIT_MASK */
#define MISSING_STORED		(1ULL << 30)

/*
 * The print formats, with the fields each names: libtraceevent crashes on a
 * print format that names a field its event lacks, which no kernel writes.
 * __print_symbolic() as kvm:kvm_exit has it (rtlens reads the reason the
 * event prints) and "%ps" as nmi:nmi_handler.
 */
struct print_fmt {
	const char	*fmt;
	const char	*fields[4];
};

static const struct print_fmt print_fmts[] = {
	{ "\"x\"", { NULL } },
	{ "\"vcpu %u reason %s rip 0x%lx\", REC->vcpu_id, __print_symbolic(REC->exit_reason, "
	  "{ 0x060, \"interrupt\" }, { 0x07b, \"io\" }), REC->guest_rip",
	  { "vcpu_id", "exit_reason", "guest_rip", NULL } },
	{ "\"%ps\", REC->handler", { "handler", NULL } },
};

static const char *const field_types[] = {
	"unsigned short", "unsigned char", "int", "unsigned int", "u64", "s64", "u32", "long",
	"unsigned long", "void *", "pid_t", "char", "__data_loc char[]", "__rel_loc char[]",
	"enum hrtimer_mode",
};

#define NR_PRINT_FMTS	(sizeof(print_fmts) / sizeof(print_fmts[0]))
#define NR_FIELD_TYPES	(sizeof(field_types) / sizeof(field_types[0]))
#define NAME_LEN	64
#define MAX_FIELDS	32
#define FIELD_COMMON	2	/* a flag of a field: one of the common fields */

/* A name as the format files have them: [A-Za-z0-9_]+ */
static char *fuzz_ident(struct fuzz_in *in, char *buf)
{
	char *c;

	fuzz_str(in, buf, NAME_LEN);
	for (c = buf; *c; c++)
		if (!(*c >= 'a' && *c <= 'z') && !(*c >= 'A' && *c <= 'Z') &&
		    !(*c >= '0' && *c <= '9'))
			*c = '_';
	return *buf ? buf : strcpy(buf, "x");
}

/*
 * One field: u8 type, u8 array length (0: none), u32 offset, u8 size, u8
 * flags (bit 0: signed, bit 1: common), then its name. Written into @common
 * or @fields, as in a format file.
 */
static void field_line(struct fuzz_in *in, FILE *common, FILE *fields, char *name)
{
	const char *type = field_types[fuzz_u8(in) % NR_FIELD_TYPES];
	unsigned int array = fuzz_u8(in);
	uint32_t offset = fuzz_uint(in, 4);
	unsigned int size = fuzz_u8(in), flags = fuzz_u8(in);
	char dims[8] = "";

	if (array && !strchr(type, '['))
		snprintf(dims, sizeof(dims), "[%u]", array);
	fprintf(flags & FIELD_COMMON ? common : fields,
		"\tfield:%s %s%s;\toffset:%u;\tsize:%u;\tsigned:%u;\n", type,
		fuzz_ident(in, name), dims, offset, size, flags & 1);
}

static bool has_field(char (*names)[NAME_LEN], int n, const char *name)
{
	while (n--)
		if (!strcmp(names[n], name))
			return true;
	return false;
}

/* The picked print format if the event has every field it names, else "x". */
static const char *print_fmt(unsigned int pick, char (*names)[NAME_LEN], int n)
{
	const struct print_fmt *p = &print_fmts[pick % NR_PRINT_FMTS];
	int i;

	for (i = 0; p->fields[i]; i++)
		if (!has_field(names, n, p->fields[i]))
			return print_fmts[0].fmt;
	return p->fmt;
}

/*
 * One format file, made from the input's parts (a blob: system, name, u16
 * ID, a byte that picks the print format, the fields) with the syntax right.
 */
static void load_format(struct tep_handle *tep, struct fuzz_in *in)
{
	char sys[NAME_LEN], name[NAME_LEN], *common = NULL, *fields = NULL, *text;
	char names[MAX_FIELDS][NAME_LEN];
	size_t common_len, fields_len;
	FILE *c = open_memstream(&common, &common_len);
	FILE *f = open_memstream(&fields, &fields_len);
	unsigned int id, pick;
	int n = 0;

	fuzz_assert(c && f);
	fuzz_ident(in, sys);
	fuzz_ident(in, name);
	id = fuzz_uint(in, 2);
	pick = fuzz_u8(in);
	while (in->left && n < MAX_FIELDS)
		field_line(in, c, f, names[n++]);
	fuzz_assert(!fclose(c) && !fclose(f));
	n = asprintf(&text, "name: %s\nID: %u\nformat:\n%s\n%s\nprint fmt: %s\n", name, id,
		     common, fields, print_fmt(pick, names, n));
	if (n >= 0) {
		tep_parse_event(tep, text, n, sys);
		free(text);
	}
	free(common);
	free(fields);
}

static struct tep_handle *load_formats(struct fuzz_in *in, int long_size)
{
	struct tep_handle *tep = tep_alloc();
	size_t len;
	int i;

	if (!tep)
		return NULL;
	tep_set_long_size(tep, long_size);
	tep_set_file_bigendian(tep, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	for (i = 0; i < MAX_FORMATS; i++) {
		struct fuzz_in blob;

		len = fuzz_uint(in, 2);
		if (!len || len > in->left)
			break;
		blob = (struct fuzz_in){ in->p, len };
		load_format(tep, &blob);
		in->p += len;
		in->left -= len;
	}
	return tep;
}

/*
 * Where the event at @pos of a page's data ends, as kbuffer computes it
 * (ring buffer event header: type_len in the low 5 bits); 0 when its
 * header does not fit in @size bytes.
 */
static size_t event_end(const uint8_t *data, size_t pos, size_t size)
{
	uint32_t head, word;
	int64_t len;

	if (size - pos < 8)
		return 0;
	memcpy(&head, data + pos, 4);
	memcpy(&word, data + pos + 4, 4);
	switch (head & 0x1f) {
	case KBUFFER_TYPE_PADDING:
		len = (int32_t)word;
		return len < 0 ? 0 : pos + 4 + len;
	case KBUFFER_TYPE_TIME_EXTEND:
	case KBUFFER_TYPE_TIME_STAMP:
		return pos + 8;
	case 0:		/* the length in the next word, itself included */
		len = ((int64_t)(int32_t)word - 4 + 3) & ~(int64_t)3;
		return len < 0 ? 0 : pos + 8 + len;
	default:
		return pos + 4 + 4 * (head & 0x1f);
	}
}

/*
 * The commit size of the page as the kernel keeps it: inside the page, and
 * over events that follow one another (kbuffer loops forever on a length
 * that goes back).
 */
static void clamp_commit(uint8_t *page, size_t len, int long_size)
{
	size_t start = 8 + long_size, room, pos = 0, end;
	uint64_t commit = 0;

	memcpy(&commit, page + 8, long_size);
	room = len - start;
	/* a stored count of missed events takes a long after the data */
	if (commit & MISSING_STORED)
		room = room > (size_t)long_size ? room - long_size : 0;
	if ((commit & COMMIT_SIZE_MASK) < room)
		room = commit & COMMIT_SIZE_MASK;
	while (pos < room) {
		end = event_end(page + start, pos, room);
		if (end <= pos || end > room)
			break;
		pos = end;
	}
	commit = (commit & ~COMMIT_SIZE_MASK) | (pos < room ? pos : room);
	memcpy(page + 8, &commit, long_size);
}

/* libtraceevent reads common_type at the offset of its first event's field */
static bool holds_type(struct tep_handle *tep, const struct tep_record *rec)
{
	struct tep_event *first = tep_get_event(tep, 0);
	struct tep_format_field *f = first ? tep_find_common_field(first, "common_type") : NULL;

	return f && f->offset >= 0 && f->size > 0 && f->size <= 8 &&
	       f->offset <= rec->size - f->size;
}

/* What a decoded record promises the models. */
static void check_record(const struct rtl_record *r, int cpu, unsigned long long ts)
{
	if (r->kind == RECORD_NONE)
		return;
	fuzz_assert(r->period.cpu == cpu && r->period.ts == ts);
	fuzz_check_record_strings(r);
}

static void decode_one(struct tep_handle *tep, const struct decoder *d, const void *data,
		       int size, unsigned long long ts, int cpu)
{
	struct tep_record rec = { .ts = ts, .size = size, .cpu = cpu };
	struct tep_event *event;
	struct rtl_record out;

	rec.data = malloc(size ? size : 1);
	if (!rec.data)
		return;
	memcpy(rec.data, data, size);
	if (holds_type(tep, &rec)) {
		event = tep_find_event(tep, tep_data_type(tep, &rec));
		if (event) {
			decoder_decode(d, event, &rec, cpu, &out);
			check_record(&out, cpu, ts);
		}
	}
	free(rec.data);
}

static void decode_page(struct tep_handle *tep, const struct decoder *d, struct kbuffer *kb,
			uint8_t *page, size_t len, int cpu)
{
	unsigned long long ts;
	const uint8_t *data;
	int i, size;

	if (kbuffer_load_subbuffer(kb, page))
		return;
	data = kbuffer_read_event(kb, &ts);
	for (i = 0; data && i < MAX_EVENTS_PER_PAGE; i++) {
		size = kbuffer_event_size(kb);
		if (size >= 0 && data >= page && (size_t)size <= len &&
		    (size_t)(data - page) <= len - size)
			decode_one(tep, d, data, size, ts, cpu);
		data = kbuffer_next_event(kb, &ts);
	}
}

static void decode_pages(struct tep_handle *tep, const struct decoder *d, struct fuzz_in *in,
			 int long_size, int cpu)
{
	struct kbuffer *kb = kbuffer_alloc(long_size == 8 ? KBUFFER_LSIZE_8 : KBUFFER_LSIZE_4,
					   KBUFFER_ENDIAN_SAME_AS_HOST);
	uint8_t *page = malloc(PAGE_MAX + PAGE_SLACK);
	size_t len;

	while (kb && page && in->left > (size_t)(8 + long_size)) {
		len = in->left < PAGE_MAX ? in->left : PAGE_MAX;
		memset(page, 0, PAGE_MAX + PAGE_SLACK);
		memcpy(page, in->p, len);
		in->p += len;
		in->left -= len;
		clamp_commit(page, len, long_size);
		decode_page(tep, d, kb, page, len, cpu);
	}
	free(page);
	kbuffer_free(kb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	int flags = fuzz_u8(&in), long_size = flags & 1 ? 8 : 4;
	unsigned int sets = fuzz_u8(&in);
	struct tep_handle *tep = load_formats(&in, long_size);
	struct decoder *d = tep ? decoder_new(tep, sets) : NULL;

	if (d)
		decode_pages(tep, d, &in, long_size, (flags >> 1) & 7);
	decoder_free(d);
	tep_free(tep);
	return 0;
}
