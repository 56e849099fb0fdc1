/*
 * shortest.cc - the C side's door to Dragonbox (Junekey Jeon's shortest
 * round-trip conversion, Debian's libdragonbox-dev, header only here).
 *
 * fmtnum.c asks it for the shortest decimal that reads back as a positive
 * normal double, and the closest of those to the value (ties to an even
 * last digit); fmtnum.c turns that into mink's %.15g / %.16g / %.17g text
 * (see there why the two agree).  Built without exceptions and RTTI, so
 * the object needs no C++ runtime and links into the C programs as it is.
 */
#include <dragonbox/dragonbox.h>

#include "text/shortest.h"

/* Flattened: Dragonbox's core is inlined here, one call a number. */
extern "C" __attribute__((flatten)) cli_decimal cli_shortest(double v)
{
	namespace db = jkj::dragonbox;
	auto r = db::to_decimal(v, db::policy::sign::ignore,
	                        db::policy::binary_to_decimal_rounding::to_even);

	return cli_decimal{r.significand, r.exponent};
}
