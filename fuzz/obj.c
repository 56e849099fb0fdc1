/*
 * obj.c - fuzz target: the OBJ reader (cli/obj/read.c), its parse and the
 * selection of every part and of the whole file.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "obj/read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cli_obj_error err;
	cli_obj *o = cli_obj_parse((const char *)data, size, &err);

	if (!o)
		return 0;
	for (int i = -1; i < o->nnames; i++) {
		cli_obj_part part;

		memset(&part, 0, sizeof part);
		if (cli_obj_select(o, i < 0 ? NULL : o->names[i], &part) == CLI_OBJ_SELECTED) {
			fuzz_check(part.count > 0, "a selected part without points");
			for (int f = 0; f < part.face_count; f++)
				for (size_t k = part.face_start[f]; k < part.face_start[f + 1]; k++)
					fuzz_check(part.face_idx[k] >= 0 && part.face_idx[k] < part.count,
					           "face index out of the part");
		}
		cli_obj_part_free(&part);
	}
	cli_obj_free(o);
	return 0;
}
