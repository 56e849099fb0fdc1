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

extern "C" void cli_shortest(double v, unsigned long long *digits, int *exp10)
{
	namespace db = jkj::dragonbox;
	auto r = db::to_decimal(v, db::policy::sign::ignore,
	                        db::policy::binary_to_decimal_rounding::to_even);

	*digits = r.significand;
	*exp10 = r.exponent;
}
