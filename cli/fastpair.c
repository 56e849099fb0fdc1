/*
 * fastpair.c - the common pair record read in one pass, text to pair.
 *
 * Most records of a batch are pairs of shapes with the members the
 * contract knows, written without escapes.  A shape is read in the
 * record's dimension as known where it begins ("dim" before it, else the
 * run's default); a "dim" after the shapes that changes it is declined.  For them, building a cJSON
 * tree and walking it again to check it cost more than answering the
 * query.  This reader goes over the text once and fills the pair as it
 * goes; it checks everything the strict way (cli_parse_pair on the tree)
 * checks: the JSON grammar (RFC 8259), no unknown or repeated member,
 * the members each kind needs, the types, lengths and ranges of the
 * values.  At the first thing it does not know or that is wrong, it
 * declines, and the caller reads the record the strict way, which says
 * what is wrong: messages and positions are those of the strict path,
 * and a record the contract gains later is simply declined until this
 * reader learns it.  Numbers are converted by cli_json_number, the very
 * conversion of fastjson.c, so the values are the same bits.
 */
#include "fastpair.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "text/buf.h"
#include "text/fastjson.h"
#include "text/number.h"

typedef const unsigned char *cur;

/* The kinds read here, 3D (fkinds) and 2D (fkinds2). */
enum {
	HAS_TYPE = 1 << 0,
	HAS_POSITION = 1 << 1,
	HAS_ROTATION = 1 << 2,
	HAS_MARGIN = 1 << 3,
	HAS_HALF_EXTENTS = 1 << 4,
	HAS_RADII = 1 << 5,
	HAS_RADIUS = 1 << 6,
	HAS_HALF_HEIGHT = 1 << 7,
	HAS_OBJ = 1 << 8,
	HAS_OBJECT = 1 << 9,
	HAS_POINTS = 1 << 10,
	POSE = HAS_TYPE | HAS_POSITION | HAS_ROTATION | HAS_MARGIN
};

/*
 * Names up to 15 bytes as two little-endian words, zero past the name:
 * NAME_LO("position") is the integer whose bytes in memory are those of
 * "position".  The compiler folds them to constants.
 */
#define NAME_BYTE(name, i) \
	((uint64_t)(unsigned char)(sizeof(name) > (i) + 1 ? (name)[(i) < sizeof(name) ? (i) : 0] : 0) \
	 << (8 * ((i) % 8)))
#define NAME_LO(name) \
	(NAME_BYTE(name, 0) | NAME_BYTE(name, 1) | NAME_BYTE(name, 2) | NAME_BYTE(name, 3) | \
	 NAME_BYTE(name, 4) | NAME_BYTE(name, 5) | NAME_BYTE(name, 6) | NAME_BYTE(name, 7))
#define NAME_HI(name) \
	(NAME_BYTE(name, 8) | NAME_BYTE(name, 9) | NAME_BYTE(name, 10) | NAME_BYTE(name, 11) | \
	 NAME_BYTE(name, 12) | NAME_BYTE(name, 13) | NAME_BYTE(name, 14))
#define NAME_IS(w, name) ((w)[0] == NAME_LO(name) && (w)[1] == NAME_HI(name))

typedef struct fkind {
	uint64_t name[2]; /* as NAME_LO, NAME_HI */
	size_t len;
	int dim;
	int type;             /* a mink_shape3_type or a mink_shape2_type, by dim */
	unsigned need, allow; /* members needed, members allowed */
} fkind;

#define KIND(name) {NAME_LO(name), NAME_HI(name)}, sizeof(name) - 1
static const fkind fkinds[] = {
	{KIND("box"), 3, MINK_BOX, HAS_HALF_EXTENTS, HAS_HALF_EXTENTS},
	{KIND("sphere"), 3, MINK_SPHERE, HAS_RADIUS, HAS_RADIUS},
	{KIND("capsule"), 3, MINK_CAPSULE, HAS_RADIUS | HAS_HALF_HEIGHT,
	 HAS_RADIUS | HAS_HALF_HEIGHT},
	{KIND("cylinder"), 3, MINK_CYLINDER, HAS_RADIUS | HAS_HALF_HEIGHT,
	 HAS_RADIUS | HAS_HALF_HEIGHT},
	{KIND("cone"), 3, MINK_CONE, HAS_RADIUS | HAS_HALF_HEIGHT,
	 HAS_RADIUS | HAS_HALF_HEIGHT},
	{KIND("ellipsoid"), 3, MINK_ELLIPSOID, HAS_RADII, HAS_RADII},
	{KIND("point"), 3, MINK_POINT, 0, 0},
	{KIND("segment"), 3, MINK_SEGMENT, HAS_POINTS, HAS_POINTS},
	{KIND("triangle"), 3, MINK_TRIANGLE, HAS_POINTS, HAS_POINTS},
	/* 'obj' (and 'object') or 'points': checked in shape3() */
	{KIND("hull"), 3, MINK_HULL, 0, HAS_OBJ | HAS_OBJECT | HAS_POINTS},
	{KIND("circle"), 2, MINK_CIRCLE2, HAS_RADIUS, HAS_RADIUS},
	{KIND("box"), 2, MINK_BOX2, HAS_HALF_EXTENTS, HAS_HALF_EXTENTS},
	{KIND("capsule"), 2, MINK_CAPSULE2, HAS_RADIUS | HAS_HALF_HEIGHT,
	 HAS_RADIUS | HAS_HALF_HEIGHT},
	{KIND("segment"), 2, MINK_SEGMENT2, HAS_POINTS, HAS_POINTS},
	{KIND("point"), 2, MINK_POINT2, 0, 0},
	{KIND("polygon"), 2, MINK_POLYGON2, HAS_POINTS, HAS_POINTS},
};

/* What a shape object holds, as read, before its kind's checks. */
typedef struct fmembers {
	const fkind *k;
	unsigned has;
	double pos[3], rot[4], angle, margin, v[3], radius, half_height;
	int npts;
	const char *obj, *object;
} fmembers;

static inline void blanks(cur *s)
{
	cur p = *s;

	/* compact records have none: one test */
	if (*p > ' ')
		return;
	while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
		p++;
	*s = p;
}

/*
 * A string without escapes or control bytes at *s (a '"'): its bytes at
 * *text, *len of them.  -1 for anything else.
 */
static int plain_string(cur *s, const char **text, size_t *len)
{
	cur p = *s + 1, start = p;

	if (**s != '"')
		return -1;
	while (*p != '"') {
		if (*p < 0x20 || *p == '\\')
			return -1;
		p++;
	}
	*text = (const char *)start;
	*len = (size_t)(p - start);
	*s = p + 1;
	return 0;
}

/* The lowest byte of x that is zero is the lowest high bit of this. */
static inline uint64_t zero_bytes(uint64_t x)
{
	return (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL;
}

/*
 * The string at *s (a '"') as a name to compare with known ones: its
 * length in *len and its bytes in w[0], w[1] (zero past its end), *s
 * past its closing quote.  Two word loads instead of a byte loop; what
 * it returns is only ever compared with names, which have no escapes or
 * control bytes, so it need not look for them.  -1 (*s unchanged) when
 * the string is longer than 15 bytes or lies within 16 bytes of the
 * record's end: plain_string() then reads it.
 */
static inline int short_name(const cli_fastpair *f, cur *s, uint64_t w[2], size_t *len)
{
	cur p = *s + 1;
	uint64_t a, b, q;
	size_t n;

	if (**s != '"' || (cur)f->limit - p < 16)
		return -1;
	a = num_load8(p);
	b = num_load8(p + 8);
	if ((q = zero_bytes(a ^ 0x2222222222222222ULL)) != 0) {
		n = (size_t)__builtin_ctzll(q) >> 3;
		a = n ? a & (~0ULL >> (64 - 8 * n)) : 0;
		b = 0;
	} else if ((q = zero_bytes(b ^ 0x2222222222222222ULL)) != 0) {
		n = 8 + ((size_t)__builtin_ctzll(q) >> 3);
		b = n > 8 ? b & (~0ULL >> (128 - 8 * n)) : 0;
	} else {
		return -1;
	}
	w[0] = a;
	w[1] = b;
	*len = n;
	*s = p + n + 1;
	return 0;
}

/* A plain string at *s as a name (short_name()), any distance from the end. */
__attribute__((noinline)) static int long_name(cur *s, uint64_t w[2], size_t *len)
{
	unsigned char room[16] = {0};
	const char *text;

	if (plain_string(s, &text, len) < 0 || *len > 15)
		return -1;
	memcpy(room, text, *len);
	w[0] = num_load8(room);
	w[1] = num_load8(room + 8);
	return 0;
}

static inline int name_at(const cli_fastpair *f, cur *s, uint64_t w[2], size_t *len)
{
	return short_name(f, s, w, len) == 0 ? 0 : long_name(s, w, len);
}

/* A member's key as a name and the ':' after it; *s at the value. */
static int member_name(const cli_fastpair *f, cur *s, uint64_t w[2], size_t *len)
{
	if (name_at(f, s, w, len) < 0)
		return -1;
	blanks(s);
	if (**s != ':')
		return -1;
	++*s;
	blanks(s);
	return 0;
}

/* The kind of dimension dim named w (len bytes), or NULL. */
static const fkind *kind_named(const uint64_t w[2], size_t len, int dim)
{
	for (size_t i = 0; i < sizeof fkinds / sizeof fkinds[0]; i++)
		if (fkinds[i].dim == dim && fkinds[i].len == len && fkinds[i].name[0] == w[0] &&
		    fkinds[i].name[1] == w[1])
			return &fkinds[i];
	return NULL;
}

/* A number; the digits are read eight at a time up to the record's NUL. */
static inline __attribute__((always_inline)) int number(const cli_fastpair *f, cur *s, double *v)
{
	const char *end;

	if (cli_number_at((const char *)*s, (const unsigned char *)f->limit, &end, v) < 0)
		return -1;
	*s = (cur)end;
	return 0;
}

/* An array of exactly n numbers. */
static int numbers(const cli_fastpair *f, cur *s, int n, double *out)
{
	if (**s != '[')
		return -1;
	++*s;
	for (int i = 0; i < n; i++) {
		blanks(s);
		if (number(f, s, &out[i]) < 0)
			return -1;
		blanks(s);
		if (**s != (i + 1 < n ? ',' : ']'))
			return -1;
		++*s;
	}
	return 0;
}

static int in_range(const double *v, int n)
{
	for (int i = 0; i < n; i++)
		if (!(fabs(v[i]) <= MINK_MAX_COORD))
			return 0;
	return 1;
}

static int sizes_ok(const double *v, int n)
{
	for (int i = 0; i < n; i++)
		if (!(fabs(v[i]) <= MINK_MAX_COORD) || v[i] < 0)
			return 0;
	return 1;
}

/* Room for point n in the pair's buffer of dimension dim for `side`. */
static void point_room(cli_pair *p, int side, int dim, size_t n)
{
	size_t *cap = dim == 3 ? &p->cap3[side] : &p->cap2[side];

	if (n < *cap)
		return;
	*cap = n < 8 ? 8 : 2 * n;
	if (dim == 3)
		p->pts3[side] = cli_xrealloc(p->pts3[side], *cap * sizeof *p->pts3[side]);
	else
		p->pts2[side] = cli_xrealloc(p->pts2[side], *cap * sizeof *p->pts2[side]);
}

/*
 * An array of at least one point of dim numbers, every coordinate within
 * MINK_MAX_COORD, into the pair's growing buffer of that dimension for
 * `side` (where the strict path puts a hull's or a polygon's points too);
 * *count gets their number.
 */
static int points(const cli_fastpair *f, cur *s, int side, int dim, cli_pair *p, int *count)
{
	size_t n = 0;

	if (**s != '[')
		return -1;
	++*s;
	blanks(s);
	for (;;) {
		double v[3];

		point_room(p, side, dim, n);
		if (numbers(f, s, dim, v) < 0 || !in_range(v, dim))
			return -1;
		if (dim == 3)
			p->pts3[side][n++] = (mink_vec3){v[0], v[1], v[2]};
		else
			p->pts2[side][n++] = (mink_vec2){v[0], v[1]};
		blanks(s);
		if (**s == ']')
			break;
		if (**s != ',' || n == 0x7FFFFFFF)
			return -1;
		++*s;
		blanks(s);
	}
	++*s;
	*count = (int)n;
	return 0;
}

/* A string copied, NUL-terminated, to the reader's room for this record. */
static const char *keep(cli_fastpair *f, const char *text, size_t len)
{
	char *at = f->strings.data + f->strings.len;

	memcpy(at, text, len);
	at[len] = '\0';
	f->strings.len += len + 1;
	return at;
}

/* The members of the shape object at *s, read in dimension dim, into *m. */
static int members(cli_fastpair *f, cur *s, int side, int dim, cli_pair *p, fmembers *m)
{
	if (**s != '{')
		return -1;
	++*s;
	blanks(s);
	if (**s == '}')
		return -1; /* no type */
	for (;;) {
		const char *text;
		size_t len, tlen;
		uint64_t w[2];
		unsigned bit;

		if (member_name(f, s, w, &len) < 0)
			return -1;
		switch (len) {
		case 3:
			bit = NAME_IS(w, "obj") ? HAS_OBJ : 0;
			break;
		case 4:
			bit = NAME_IS(w, "type") ? HAS_TYPE : 0;
			break;
		case 5:
			bit = NAME_IS(w, "radii") ? HAS_RADII : 0;
			break;
		case 6:
			bit = NAME_IS(w, "radius") ? HAS_RADIUS
			      : NAME_IS(w, "margin") ? HAS_MARGIN
			      : NAME_IS(w, "object") ? HAS_OBJECT
			      : NAME_IS(w, "points") ? HAS_POINTS : 0;
			break;
		case 8:
			bit = NAME_IS(w, "position") ? HAS_POSITION
			      : NAME_IS(w, "rotation") ? HAS_ROTATION : 0;
			break;
		case 11:
			bit = NAME_IS(w, "half_height") ? HAS_HALF_HEIGHT : 0;
			break;
		case 12:
			bit = NAME_IS(w, "half_extents") ? HAS_HALF_EXTENTS : 0;
			break;
		default:
			bit = 0;
		}
		if (!bit || (m->has & bit))
			return -1; /* unknown or repeated */
		m->has |= bit;
		switch (bit) {
		case HAS_TYPE:
			if (name_at(f, s, w, &tlen) < 0 || !(m->k = kind_named(w, tlen, dim)))
				return -1;
			break;
		case HAS_POSITION:
			if (numbers(f, s, dim, m->pos) < 0)
				return -1;
			break;
		case HAS_ROTATION:
			/* 3D a quaternion (a matrix or an axis is declined), 2D an angle */
			if (dim == 3 ? numbers(f, s, 4, m->rot) < 0 : number(f, s, &m->angle) < 0)
				return -1;
			break;
		case HAS_MARGIN:
			if (number(f, s, &m->margin) < 0)
				return -1;
			break;
		case HAS_HALF_EXTENTS:
		case HAS_RADII:
			if (numbers(f, s, bit == HAS_RADII ? 3 : dim, m->v) < 0)
				return -1;
			break;
		case HAS_RADIUS:
			if (number(f, s, &m->radius) < 0)
				return -1;
			break;
		case HAS_HALF_HEIGHT:
			if (number(f, s, &m->half_height) < 0)
				return -1;
			break;
		case HAS_POINTS:
			if (points(f, s, side, dim, p, &m->npts) < 0)
				return -1;
			break;
		case HAS_OBJ:
		case HAS_OBJECT:
			if (plain_string(s, &text, &tlen) < 0)
				return -1;
			if (bit == HAS_OBJ)
				m->obj = keep(f, text, tlen);
			else
				m->object = keep(f, text, tlen);
			break;
		}
		blanks(s);
		if (**s == '}')
			break;
		if (**s != ',')
			return -1;
		++*s;
		blanks(s);
	}
	++*s;
	return 0;
}

/* A 3D shape and pose from its members, into p. */
static int shape3(const fmembers *m, int side, cli_pair *p)
{
	mink_shape3 *sh = &p->shape3[side];
	mink_quat quat = {1, 0, 0, 0};

	if (m->has & HAS_ROTATION) {
		double norm;

		/* the run's order and norm rules (--quaternion-order, ...) */
		if (!in_range(m->rot, 4) || cli_parse_quaternion(p, m->rot, &quat, &norm) < 0)
			return -1;
	}
	memset(sh, 0, sizeof *sh);
	sh->type = (mink_shape3_type)m->k->type;
	sh->margin = m->margin;
	switch (sh->type) {
	case MINK_BOX:
		if (!sizes_ok(m->v, 3))
			return -1;
		sh->box.half_extents = (mink_vec3){m->v[0], m->v[1], m->v[2]};
		break;
	case MINK_ELLIPSOID:
		if (!sizes_ok(m->v, 3))
			return -1;
		sh->ellipsoid.radii = (mink_vec3){m->v[0], m->v[1], m->v[2]};
		break;
	case MINK_SPHERE:
		if (!sizes_ok(&m->radius, 1))
			return -1;
		sh->sphere.radius = m->radius;
		break;
	case MINK_CAPSULE:
	case MINK_CYLINDER:
	case MINK_CONE:
		if (!sizes_ok(&m->radius, 1) || !sizes_ok(&m->half_height, 1))
			return -1;
		/* the three share one layout (mink_shape3_check reads them so) */
		sh->capsule.radius = m->radius;
		sh->capsule.half_height = m->half_height;
		break;
	case MINK_SEGMENT:
		if (m->npts != 2)
			return -1;
		sh->segment.points[0] = p->pts3[side][0];
		sh->segment.points[1] = p->pts3[side][1];
		break;
	case MINK_TRIANGLE:
		if (m->npts != 3)
			return -1;
		for (int i = 0; i < 3; i++)
			sh->triangle.points[i] = p->pts3[side][i];
		break;
	case MINK_HULL:
		if (m->has & HAS_POINTS) {
			/* inline points, scanned, never built (as parse_shape) */
			if (m->has & (HAS_OBJ | HAS_OBJECT))
				return -1;
			sh->hull.points = p->pts3[side];
			sh->hull.count = m->npts;
			break;
		}
		if (!(m->has & HAS_OBJ) || !*m->obj)
			return -1; /* no path, or an empty one */
		p->obj[side] = m->obj;
		p->object[side] = m->object;
		break;
	default:
		break; /* a point */
	}
	p->pose3[side].position = (mink_vec3){m->pos[0], m->pos[1], m->pos[2]};
	p->pose3[side].rotation = quat;
	return 0;
}

/* A 2D shape and pose from its members, into p. */
static int shape2(const fmembers *m, int side, cli_pair *p)
{
	mink_shape2 *sh = &p->shape2[side];

	if (!in_range(&m->angle, 1))
		return -1;
	memset(sh, 0, sizeof *sh);
	sh->type = (mink_shape2_type)m->k->type;
	sh->margin = m->margin;
	switch (sh->type) {
	case MINK_CIRCLE2:
		if (!sizes_ok(&m->radius, 1))
			return -1;
		sh->circle.radius = m->radius;
		break;
	case MINK_BOX2:
		if (!sizes_ok(m->v, 2))
			return -1;
		sh->box.half_extents = (mink_vec2){m->v[0], m->v[1]};
		break;
	case MINK_CAPSULE2:
		if (!sizes_ok(&m->radius, 1) || !sizes_ok(&m->half_height, 1))
			return -1;
		sh->capsule.radius = m->radius;
		sh->capsule.half_height = m->half_height;
		break;
	case MINK_SEGMENT2:
		if (m->npts != 2)
			return -1;
		sh->segment.points[0] = p->pts2[side][0];
		sh->segment.points[1] = p->pts2[side][1];
		break;
	case MINK_POLYGON2:
		sh->polygon.points = p->pts2[side];
		sh->polygon.count = m->npts;
		break;
	case MINK_POINT2:
		break;
	}
	p->pose2[side].position = (mink_vec2){m->pos[0], m->pos[1]};
	p->pose2[side].angle = m->angle;
	return 0;
}

/* The shape object at *s for `side` of a record of dimension dim, into p. */
static int shape(cli_fastpair *f, cur *s, int side, int dim, cli_pair *p)
{
	fmembers m = {0};

	if (members(f, s, side, dim, p, &m) < 0)
		return -1;
	/* What parse_shape would refuse, refused here too (and said there). */
	if (!m.k || (m.has & ~(POSE | m.k->allow)) || (m.k->need & ~m.has))
		return -1;
	if (!in_range(m.pos, dim) || !sizes_ok(&m.margin, 1))
		return -1;
	return dim == 3 ? shape3(&m, side, p) : shape2(&m, side, p);
}

void cli_fastpair_free(cli_fastpair *f)
{
	cli_buf_free(&f->strings);
}

int cli_fastpair_parse(cli_fastpair *f, const char *text, size_t len,
                       int default_dim, cli_pair *p, cli_id *id)
{
	cur s = (cur)text;
	cli_id my = *id;
	int has_a = 0, has_b = 0, has_id = 0, has_dim = 0, dim = default_dim;
	int shape_dim[2] = {0, 0}; /* the dimension each shape was read in */

	/* Room for every string of the record: they are shorter than it. */
	f->strings.len = 0;
	cli_buf_reserve(&f->strings, len + 1);
	f->limit = text + len + 1; /* text[len], the NUL, is the last byte */
	p->dim = 0;
	p->obj[0] = p->obj[1] = NULL;
	p->object[0] = p->object[1] = NULL;
	p->notes[0] = p->notes[1] = NULL;
	blanks(&s);
	if (*s != '{')
		return -1;
	s++;
	blanks(&s);
	if (*s == '}')
		return -1;
	for (;;) {
		const char *str;
		size_t klen, slen;
		uint64_t w[2];
		double v;

		if (member_name(f, &s, w, &klen) < 0)
			return -1;
		if (klen == 1 && (NAME_IS(w, "a") || NAME_IS(w, "b"))) {
			int side = NAME_IS(w, "b");
			int *has = side ? &has_b : &has_a;

			if (*has || (dim != 2 && dim != 3) || shape(f, &s, side, dim, p) < 0)
				return -1;
			shape_dim[side] = dim;
			*has = 1;
		} else if (klen == 2 && NAME_IS(w, "id") && !has_id) {
			has_id = 1;
			if (*s == '"') {
				if (plain_string(&s, &str, &slen) < 0)
					return -1;
				my.str = keep(f, str, slen);
				my.len = slen;
			} else {
				/* an integer below 2^53 in magnitude (parse_id) */
				if (number(f, &s, &v) < 0 || v != floor(v) ||
				    fabs(v) > 9007199254740991.0)
					return -1;
				my.str = NULL;
				my.num = v;
			}
		} else if (klen == 3 && NAME_IS(w, "dim") && !has_dim) {
			has_dim = 1;
			if (number(f, &s, &v) < 0 || (v != 2 && v != 3))
				return -1;
			dim = (int)v;
		} else {
			return -1;
		}
		blanks(&s);
		if (*s == '}')
			break;
		if (*s != ',')
			return -1;
		s++;
		blanks(&s);
	}
	s++;
	blanks(&s);
	/* One value and nothing after it; both sides, read in the record's
	 * dimension (a "dim" after them that changes it is declined). */
	if (s != (cur)text + len || !has_a || !has_b || shape_dim[0] != dim ||
	    shape_dim[1] != dim)
		return -1;
	p->dim = dim;
	if (p->obj[0] || p->obj[1]) {
		cli_error err;

		if (cli_parse_objs(p, &err) < 0)
			return -1; /* said by the strict path */
	}
	*id = my;
	return 0;
}
