#!/bin/sh
# `make install` into a temporary DESTDIR, then a program built against it.
#
#   MINK=build/mink BUILD=build sh tests/contract/install.sh   (from the root)
#
# Checks: every file lands under DESTDIR + PREFIX (a custom PREFIX, then the
# default /usr/local); libmink.so is libmink.so.VERSION with the soname
# libmink.so.MAJOR and the two links, and exports exactly the functions
# mink.h declares; mink.pc names PREFIX, not DESTDIR; the program of
# mink(3)'s EXAMPLES prints what mink(3) says it prints, compiled with
# `pkg-config --cflags --libs mink` against the shared library (run with
# LD_LIBRARY_PATH into DESTDIR), and with `pkg-config --cflags --libs
# --static mink` against libmink.a (-l:libmink.a for -lmink: the linker
# would take the .so), each time with PKG_CONFIG_PATH into DESTDIR and
# PKG_CONFIG_SYSROOT_DIR = DESTDIR, and again with
# --define-variable=prefix=...; the Python module lands in
# lib/python3.X/dist-packages (for /usr/local a folder on the sys.path of
# Debian's python3) and imports from there; the installed mink runs;
# `make uninstall` removes every file.
# CONTRACT_CFLAGS are added when compiling (the sanitizer build needs them).

suite=install
MAKE=${MAKE:-make}
BUILD=${BUILD:-build}
CC=${CC:-cc}
PYTHON=${PYTHON:-/usr/bin/python3}

# shellcheck source=tests/setup.sh
. tests/setup.sh

# The example program of mink(3) and the output it documents.
awk '/^\.\\" example: program/ { f = 1; next }
     f && /^\.Bd/ { next }
     f && /^\.Ed/ { exit }
     f { gsub(/\\e/, "\\"); print }' man/mink.3 >"$TMP/example.c"
awk '/^\.\\" example: output/ { f = 1; next }
     f && /^\.Bd/ { next }
     f && /^\.Ed/ { exit }
     f' man/mink.3 >"$TMP/example.want"
if [ -s "$TMP/example.c" ] && [ -s "$TMP/example.want" ]; then
	pass
else
	fail "no example program and output found in man/mink.3"
fi

# install_into DESTDIR PREFIX: make install, then check what it left.
install_into() {
	dest=$1
	prefix=$2
	root=$dest$prefix
	set -- PREFIX="$prefix"
	[ "$prefix" = /usr/local ] && set --
	if $MAKE -s install BUILD="$BUILD" DESTDIR="$dest" "$@" >"$TMP/make.log" 2>&1; then
		pass
	else
		fail "make install DESTDIR=$dest $*:"
		cat "$TMP/make.log"
		return 1
	fi
	version=$(sed -n 's/.*MINK_VERSION_STRING "\(.*\)".*/\1/p' include/mink.h)
	major=${version%%.*}
	for f in bin/mink lib/libmink.a include/mink.h lib/pkgconfig/mink.pc \
		lib/libmink.so lib/libmink.so.$major lib/libmink.so.$version \
		share/man/man1/mink.1 share/man/man3/mink.3 share/man/man5/mink.5 \
		share/man/man3/mink_query3.3 share/man/man3/mink_hull_build.3 \
		share/mink/schemas/pair.schema.json \
		share/mink/schemas/result.schema.json; do
		if [ -e "$root/$f" ]; then pass; else fail "$root/$f not installed"; fi
	done
	equal "libmink.so links to" "libmink.so.$major" "$(readlink "$root/lib/libmink.so")"
	equal "libmink.so.$major links to" "libmink.so.$version" \
		"$(readlink "$root/lib/libmink.so.$major")"
	equal "soname" "libmink.so.$major" "$(readelf -d "$root/lib/libmink.so.$version" |
		sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
	# The exports: every function of mink.h (those not static inline), nothing else.
	nm -D --defined-only "$root/lib/libmink.so.$version" | awk '{print $3}' |
		sort >"$TMP/exports"
	grep -v '^static' include/mink.h | sed -n 's/^[a-z0-9_ ]*[ *]\(mink_[a-z0-9_]*\)(.*/\1/p' | sort >"$TMP/declared"
	if [ -s "$TMP/declared" ] && same "$TMP/declared" "$TMP/exports" "libmink.so's exports"; then
		pass
	fi
	# The Python module, where Debian's python3 finds it under PREFIX.
	pydir=lib/python$($PYTHON -c 'import sys; print("%d.%d" % sys.version_info[:2])')/dist-packages
	ext=$($PYTHON -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
	if [ -f "$root/$pydir/mink$ext" ]; then pass; else fail "$root/$pydir/mink$ext not installed"; fi
	if [ "$prefix" = /usr/local ]; then
		if $PYTHON -c 'import sys; sys.exit(sys.argv[1] not in sys.path)' "$prefix/$pydir"; then
			pass
		else
			fail "$prefix/$pydir is not on $PYTHON's sys.path"
		fi
	fi
	case $CONTRACT_CFLAGS in
	*sanitize*) ;; # an ASan module does not load into python3 (see the Makefile)
	*)
		if got=$(cd "$TMP" && PYTHONPATH="$root/$pydir" $PYTHON -c \
			'import mink; print(mink.__file__, mink.__version__)') &&
			[ "$got" = "$root/$pydir/mink$ext $version" ]; then
			pass
		else
			fail "import mink from $root/$pydir: $got"
		fi ;;
	esac
	if [ -x "$root/bin/mink" ] && "$root/bin/mink" --version >"$TMP/version" &&
		grep -q '^mink [0-9]' "$TMP/version"; then
		pass
	else
		fail "the installed mink does not run"
	fi
	if grep -qx "prefix=$prefix" "$root/lib/pkgconfig/mink.pc" &&
		! grep -q "$dest" "$root/lib/pkgconfig/mink.pc"; then
		pass
	else
		fail "mink.pc does not name prefix $prefix alone:"
		cat "$root/lib/pkgconfig/mink.pc"
	fi
	got=$(PKG_CONFIG_PATH="$root/lib/pkgconfig" pkg-config --modversion mink)
	if [ "$got" = "$version" ]; then pass; else fail "mink.pc version '$got', mink.h says '$version'"; fi
}

# build_with NAME LIBDIR PKG-CONFIG-ARGS...: compiles the example with
# pkg-config's flags twice and runs it: against the shared library (found
# at run time through LD_LIBRARY_PATH=LIBDIR), and against libmink.a with
# the --static flags.
build_with() {
	name=$1
	libdir=$2
	shift 2
	for how in shared static; do
		static=
		[ $how = static ] && static=--static
		if ! flags=$(pkg-config "$@" --cflags --libs $static mink 2>"$TMP/pc.err"); then
			fail "$name, $how: pkg-config:"
			cat "$TMP/pc.err"
			return 1
		fi
		[ $how = static ] && flags=$(printf '%s\n' "$flags" | sed 's/-lmink\b/-l:libmink.a/')
		# shellcheck disable=SC2086
		if $CC -std=c11 $CONTRACT_CFLAGS -o "$TMP/example" "$TMP/example.c" $flags \
			>"$TMP/cc.log" 2>&1; then
			pass
		else
			fail "$name, $how: cc example.c $flags:"
			cat "$TMP/cc.log"
			return 1
		fi
		needed=$(readelf -d "$TMP/example" | grep -c 'NEEDED.*libmink\.so')
		if [ $how = shared ]; then
			equal "$name, $how: libmink.so needed" 1 "$needed"
		else
			equal "$name, $how: libmink.so needed" 0 "$needed"
		fi
		if LD_LIBRARY_PATH=$libdir "$TMP/example" >"$TMP/example.got" 2>&1 &&
			cmp -s "$TMP/example.want" "$TMP/example.got"; then
			pass
		else
			fail "$name, $how: the example's output differs from mink(3):"
			diff "$TMP/example.want" "$TMP/example.got"
		fi
	done
}

if ! command -v pkg-config >/dev/null 2>&1; then
	fail "pkg-config not found (make deps)"
else
	dest=$TMP/dest
	prefix=/opt/mink-test
	if install_into "$dest" "$prefix"; then
		PKG_CONFIG_PATH="$dest$prefix/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" \
			build_with "sysroot" "$dest$prefix/lib"
		if PKG_CONFIG_PATH="$dest$prefix/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" \
			pkg-config --cflags --libs --static mink | grep -q -- "-L$dest$prefix/lib"; then
			pass
		else
			fail "pkg-config --libs does not point into DESTDIR"
		fi
		PKG_CONFIG_PATH="$dest$prefix/lib/pkgconfig" \
			build_with "define-variable" "$dest$prefix/lib" --define-variable=prefix="$dest$prefix"
		if $MAKE -s uninstall DESTDIR="$dest" PREFIX="$prefix" >"$TMP/make.log" 2>&1; then
			pass
		else
			fail "make uninstall:"
			cat "$TMP/make.log"
		fi
		left=$(find "$dest" ! -type d)
		if [ -z "$left" ]; then pass; else fail "make uninstall left: $left"; fi
	fi
	# The default prefix (unless the make above us was given another).
	MAKEFLAGS=$(printf '%s' "${MAKEFLAGS:-}" | sed 's/PREFIX=[^ ]*//g')
	export MAKEFLAGS
	if install_into "$TMP/dest2" /usr/local; then
		PKG_CONFIG_PATH="$TMP/dest2/usr/local/lib/pkgconfig" \
			PKG_CONFIG_SYSROOT_DIR="$TMP/dest2" build_with "default prefix" \
			"$TMP/dest2/usr/local/lib"
	fi
fi

finish
