# mink - one plain Makefile.
#
#   make            build libmink.a and mink (in $(BUILD))
#   make test       install missing Debian packages, run every test, then
#                   run the suite again under AddressSanitizer + UBSan
#   make check      run the tests once in the current build (no installs)
#   make certify    the long certificate run (10^7 random queries, 10^8
#                   numbers formatted against printf and strtod)
#   make bench      kernel and end-to-end benchmarks (installs the peers)
#   make fuzz       run each libFuzzer target for FUZZ_SECONDS (clang)
#   make demo       run mink on the bundled example
#   make deps       install the Debian packages the build and tests need
#   make python     build the Python module mink (in $(BUILD)/python)
#   make install    install mink, libmink.a, libmink.so, mink.h, the man
#                   pages, the schemas and mink.pc (PREFIX=/usr/local,
#                   DESTDIR)

CC       ?= cc
CXX      ?= c++
BUILD    ?= build
CFLAGS   ?= -O2 -g
SAN_FLAGS = -fsanitize=address,undefined,float-cast-overflow,pointer-overflow \
            -fno-omit-frame-pointer -fno-sanitize-recover=all
EXTRA_CFLAGS ?=
EXTRA_LDFLAGS ?=

STD_FLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -ffp-contract=off
WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ALL_CFLAGS = $(STD_FLAGS) $(WARN) $(CFLAGS) $(EXTRA_CFLAGS) -MMD -MP
# The one C++ file (cli/text/shortest.cc, Dragonbox's door): no exceptions
# and no RTTI, so its object needs no C++ runtime and links into the C
# programs with $(CC).  Under clang's UBSan, EXTRA_CXXFLAGS drops its C++
# "function" check, whose type data lives in the C++ runtime.
EXTRA_CXXFLAGS ?=
ALL_CXXFLAGS = -std=c++17 -fno-exceptions -fno-rtti -ffp-contract=off -Wall -Wextra \
               $(CFLAGS) $(EXTRA_CFLAGS) $(EXTRA_CXXFLAGS) -MMD -MP

CJSON_CFLAGS  = $(shell pkg-config --cflags libcjson 2>/dev/null || echo -I/usr/include/cjson)
CJSON_LIBS    = $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
CMOCKA_LIBS   = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
# Compressed input (cli/text/instream.c): gzip by zlib, zstd by libzstd.
Z_LIBS        = $(shell pkg-config --libs zlib libzstd 2>/dev/null || echo -lz -lzstd)
# Dragonbox (shortest round-trip digits): headers only, in a versioned folder.
DRAGONBOX_CFLAGS = $(addprefix -isystem ,$(lastword $(sort $(wildcard /usr/include/dragonbox-*))))
# What a program linking libmink.a needs besides it.
LIB_LIBS      = $(shell pkg-config --libs qhull_r 2>/dev/null || echo -lqhull_r) -lm

DEB_PKGS = build-essential pkg-config libcjson-dev libcmocka-dev libqhull-dev python3 \
           python3-jsonschema mandoc libxml2-utils librsvg2-bin jq \
           python3-dev python3-numpy python3-pandas parallel \
           zlib1g-dev libzstd-dev zstd libdragonbox-dev

LIB_SRC  = $(wildcard lib/*.c)
CLI_SRC  = $(wildcard cli/*.c cli/*/*.c)
CLI_CXX_SRC = $(wildcard cli/text/*.cc)
TEST_SRC = $(wildcard tests/test_*.c)
TEST_SUPPORT_SRC = $(filter-out $(TEST_SRC),$(wildcard tests/*.c))

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o) $(CLI_CXX_SRC:%.cc=$(BUILD)/%.o)
TEST_SUPPORT_OBJ = $(TEST_SUPPORT_SRC:%.c=$(BUILD)/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

LIBMINK  = $(BUILD)/libmink.a
MINK     = $(BUILD)/mink

# The shared library: the same sources compiled as position-independent
# code (-fno-semantic-interposition: calls inside the library may be
# inlined as in the static build; nothing is meant to be interposed), the soname from the major version in mink.h, and only the mink_*
# names exported (lib/mink.map): the rooms' mk_* functions stay private.
VERSION     := $(shell sed -n 's/.*MINK_VERSION_STRING "\(.*\)".*/\1/p' include/mink.h)
MAJOR       := $(shell sed -n 's/^\#define MINK_VERSION_MAJOR \([0-9]*\).*/\1/p' include/mink.h)
SONAME       = libmink.so.$(MAJOR)
PIC_OBJ      = $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
LIBMINK_SO   = $(BUILD)/libmink.so.$(VERSION)
LIBMINK_LINKS = $(BUILD)/$(SONAME) $(BUILD)/libmink.so

.SECONDARY:

.PHONY: all test test-plain test-san check check-unit check-cli check-suites check-fuzz fuzz fuzz-run demo deps clean san certify bench memcheck
.PHONY: python check-python

all: $(LIBMINK) $(MINK) $(LIBMINK_LINKS)

$(BUILD)/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Ilib -c $< -o $@

$(BUILD)/pic/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC -fno-semantic-interposition -Iinclude -Ilib -c $< -o $@

$(BUILD)/cli/%.o: cli/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Icli $(CJSON_CFLAGS) -c $< -o $@

# cli/text/ is the text layer: it must not see the geometry, so it is
# compiled without include/ (an #include "mink.h" there fails to build).
$(BUILD)/cli/text/%.o: cli/text/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icli $(CJSON_CFLAGS) -c $< -o $@

$(BUILD)/cli/text/%.o: cli/text/%.cc
	@mkdir -p $(@D)
	$(CXX) $(ALL_CXXFLAGS) -Icli $(DRAGONBOX_CFLAGS) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Itests -c $< -o $@

$(LIBMINK): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(LIBMINK_SO): $(PIC_OBJ) lib/mink.map
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -shared -Wl,-soname,$(SONAME) \
	  -Wl,--version-script=lib/mink.map -o $@ $(PIC_OBJ) $(LIB_LIBS)

$(LIBMINK_LINKS): $(LIBMINK_SO)
	ln -sf $(notdir $(LIBMINK_SO)) $@

$(MINK): $(CLI_OBJ) $(LIBMINK)
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -o $@ $(CLI_OBJ) $(LIBMINK) $(CJSON_LIBS) $(Z_LIBS) $(LIB_LIBS) -lpthread

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(TEST_SUPPORT_OBJ) $(LIBMINK)
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -o $@ $< $(TEST_SUPPORT_OBJ) $(LIBMINK) $(CMOCKA_LIBS) $(LIB_LIBS)

# The CLI's unit tests (tests/cli/unit/) link the objects of cli/ but
# main.o, and see cli/'s headers besides the public one.
CLI_TEST_SRC = $(wildcard tests/cli/unit/test_*.c)
CLI_TEST_BIN = $(CLI_TEST_SRC:tests/cli/unit/%.c=$(BUILD)/tests/cli/%)
CLI_PART_OBJ = $(filter-out $(BUILD)/cli/main.o,$(CLI_OBJ))

$(BUILD)/tests/cli/%.o: tests/cli/unit/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Icli -Itests $(CJSON_CFLAGS) -c $< -o $@

$(BUILD)/tests/cli/test_%: $(BUILD)/tests/cli/test_%.o $(TEST_SUPPORT_OBJ) $(CLI_PART_OBJ) $(LIBMINK)
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -o $@ $< $(TEST_SUPPORT_OBJ) $(CLI_PART_OBJ) $(LIBMINK) $(CMOCKA_LIBS) $(CJSON_LIBS) $(Z_LIBS) $(LIB_LIBS) -lpthread

# --- The Python module ------------------------------------------------------
# mink for Debian's python3 (always /usr/bin/python3: another python3 may come
# first on PATH): a C extension linking the library's PIC objects and the
# PIC objects of cli/'s parse and record layer, so that a pair gets the
# CLI's checks and messages.  Only PyInit_mink is exported (python/mink.map).
PYTHON     ?= /usr/bin/python3
PY_INCLUDE := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
PY_EXT     := $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
NP_INCLUDE  = $(shell $(PYTHON) -c 'import numpy; print(numpy.get_include())' 2>/dev/null)
PY_MOD      = $(BUILD)/python/mink$(PY_EXT)
PY_SRC      = $(wildcard python/*.c)
PY_OBJ      = $(PY_SRC:%.c=$(BUILD)/pic/%.o)
PIC_CLI_OBJ = $(filter-out $(BUILD)/pic/cli/main.o,$(CLI_SRC:%.c=$(BUILD)/pic/%.o)) \
              $(CLI_CXX_SRC:%.cc=$(BUILD)/pic/%.o)
PIC_CLI_LIB = $(BUILD)/pic/libminkcli.a
PY_VERSION := $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)

python: $(PY_MOD)

$(BUILD)/pic/cli/%.o: cli/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC -Iinclude -Icli $(CJSON_CFLAGS) -c $< -o $@

$(BUILD)/pic/cli/text/%.o: cli/text/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC -Icli $(CJSON_CFLAGS) -c $< -o $@

$(BUILD)/pic/cli/text/%.o: cli/text/%.cc
	@mkdir -p $(@D)
	$(CXX) $(ALL_CXXFLAGS) -fPIC -Icli $(DRAGONBOX_CFLAGS) -c $< -o $@

# Python's headers break -Wstrict-prototypes and C11's strictness: they are
# system headers here (-isystem), the module's own code keeps the warnings.
$(BUILD)/pic/python/%.o: python/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC -fvisibility=hidden -Iinclude -Icli -Ipython \
	  -isystem $(PY_INCLUDE) -isystem $(NP_INCLUDE) $(CJSON_CFLAGS) -c $< -o $@

$(PIC_CLI_LIB): $(PIC_CLI_OBJ)
	rm -f $@
	ar rcs $@ $^

$(PY_MOD): $(PY_OBJ) $(PIC_CLI_LIB) $(PIC_OBJ) python/mink.map
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -shared -Wl,--version-script=python/mink.map \
	  -o $@ $(PY_OBJ) $(PIC_CLI_LIB) $(PIC_OBJ) $(CJSON_LIBS) $(Z_LIBS) $(LIB_LIBS) -lpthread

# Unit and oracle tests (cmocka), then the CLI golden tests, then Python.
check: check-unit check-cli check-contract check-suites check-python check-fuzz

# The module against the CLI (tests/python/test_mink.py).  Not under the
# sanitizers: an ASan runtime must be loaded before python3 itself, which
# then reports CPython's own allocations; the module's C code runs under
# them through the CLI's objects and the library, which make san covers.
ifeq ($(findstring sanitize,$(EXTRA_CFLAGS)),)
check-python: $(PY_MOD) $(MINK)
	PYTHONPATH=$(BUILD)/python:tests/contract MINK=$(MINK) $(PYTHON) tests/python/test_mink.py
else
check-python:
	@echo "check-python: skipped under the sanitizers (see the Makefile)"
endif

# --- Fuzzing ------------------------------------------------------------------
# fuzz/TARGET.c defines LLVMFuzzerTestOneInput.  make check replays
# fuzz/corpus/TARGET/ (seeds and every input that ever failed) through a
# plain main (fuzz/replay.c) with the build's own compiler, so it needs no
# clang; make fuzz builds the targets with clang's libFuzzer and runs each
# for FUZZ_SECONDS, new inputs kept in build/fuzz/found/, failures in
# build/fuzz/ (copy them into fuzz/corpus/TARGET/ once fixed).
FUZZ_TARGETS = split fastjson csvread fmtnum obj record geometry
FUZZ_SECONDS ?= 60
FUZZ_REPLAY  = $(FUZZ_TARGETS:%=$(BUILD)/fuzz/replay-%)
FUZZ_FLAGS   = -fsanitize=address,undefined,float-cast-overflow,pointer-overflow \
               -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_LIBS    = $(CLI_PART_OBJ) $(LIBMINK) $(CJSON_LIBS) $(Z_LIBS) $(LIB_LIBS) -lpthread

$(BUILD)/fuzz/%.o: fuzz/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Icli -Itests $(CJSON_CFLAGS) -c $< -o $@

# Every target links the brute-force oracle of the tests (geometry uses it).
FUZZ_COMMON = $(BUILD)/fuzz/common.o $(BUILD)/tests/oracle.o

$(BUILD)/fuzz/replay-%: $(BUILD)/fuzz/%.o $(FUZZ_COMMON) $(BUILD)/fuzz/replay.o $(CLI_PART_OBJ) $(LIBMINK)
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -o $@ $< $(FUZZ_COMMON) $(BUILD)/fuzz/replay.o $(FUZZ_LIBS)

$(BUILD)/fuzz/fuzz-%: $(BUILD)/fuzz/%.o $(FUZZ_COMMON) $(CLI_PART_OBJ) $(LIBMINK)
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_COMMON) $(FUZZ_LIBS)

check-fuzz: $(FUZZ_REPLAY)
	@set -e; for t in $(FUZZ_TARGETS); do \
	  printf 'fuzz replay %s: ' $$t; $(BUILD)/fuzz/replay-$$t fuzz/corpus/$$t/*; done

FUZZ_DEB_PKGS = clang libclang-rt-14-dev

fuzz:
	$(MAKE) deps DEB_PKGS="$(DEB_PKGS) $(FUZZ_DEB_PKGS)"
	$(MAKE) BUILD=build/fuzz-clang CC=clang CXX=clang++ EXTRA_CXXFLAGS=-fno-sanitize=function \
	  EXTRA_CFLAGS="$(FUZZ_FLAGS) -fsanitize=fuzzer-no-link" EXTRA_LDFLAGS="$(FUZZ_FLAGS)" fuzz-run

fuzz-run: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz-%)
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(BUILD)/fuzz/found/$$t; \
	  echo "== fuzz $$t for $(FUZZ_SECONDS) s"; \
	  $(BUILD)/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=20 \
	    -rss_limit_mb=2048 -artifact_prefix=$(BUILD)/fuzz/$$t- -print_final_stats=1 \
	    $(BUILD)/fuzz/found/$$t fuzz/corpus/$$t; \
	done

check-unit: $(TEST_BIN) $(CLI_TEST_BIN)
	@set -e; for t in $(TEST_BIN) $(CLI_TEST_BIN); do echo "== $$t"; $$t; done

check-cli: $(MINK)
	@MINK=$(MINK) sh tests/cli/run.sh

# Cases taken from other projects' unit tests (see tests/suites/check.py).
check-suites: $(MINK)
	python3 tests/suites/check.py --mink $(MINK) testdata/suites/*.ndjson

# The whole suite, plain and under ASan + UBSan: the two runs build into
# their own folders and share nothing, so they run side by side, one core
# each (-j1 inside each; their output lines interleave, each line whole).
test: deps
	$(MAKE) -j2 --output-sync=line test-plain test-san

test-plain:
	$(MAKE) -j1 check

test-san:
	$(MAKE) -j1 san

# The sanitizer run certifies 10^5 queries instead of 10^6 (it is ~10x slower).
# The sanitizer run: every suite but the contract's document checks
# (schemas, man pages, install), which run no input the others do not.
san:
	MINK_CERTIFY_N=100000 CONTRACT_PARTS="corpus csv_json fields" $(MAKE) BUILD=build/san EXTRA_CFLAGS="$(SAN_FLAGS)" EXTRA_LDFLAGS="$(SAN_FLAGS)" check

# Benchmarks (figures, never timed tests): see bench/README.md.
bench: deps all
	$(MAKE) -C bench BUILD=$(abspath $(BUILD))

# Reads of memory never written, which the sanitizers do not see (test_stack
# in tests/test_manifold.c catches them by their effect): the CLI under
# valgrind's memcheck on seeded pairs of every kind (3D with margins, and
# 2D), the bundled examples and other projects' cases.  Exit 3 is
# valgrind's; 1 is mink's for the error records among the degenerate ones.
memcheck: $(MINK)
	$(MAKE) deps DEB_PKGS="$(DEB_PKGS) valgrind"
	$(MINK) gen -n 4000 --seed 41 --margins 0.3 > $(BUILD)/memcheck3.ndjson
	$(MINK) gen -n 2000 --seed 41 --dim 2 > $(BUILD)/memcheck2.ndjson
	@rc=0; valgrind -q --error-exitcode=3 --track-origins=yes $(MINK) -j1 -f ndjson \
	  $(BUILD)/memcheck3.ndjson $(BUILD)/memcheck2.ndjson testdata/demo.json \
	  testdata/degenerate.ndjson testdata/rings.ndjson testdata/suites/*.ndjson \
	  > /dev/null || rc=$$?; \
	test $$rc -ne 3 && echo "memcheck: no reads of memory never written"

# The long certificate run: 10^7 random 3D queries and 2 * 10^6 in 2D, the
# sweeps at 25 times their size, 3000 points on axes in both orders.
certify: $(BUILD)/tests/test_certify $(BUILD)/tests/test_sweeps $(BUILD)/tests/test_smooth $(CLI_TEST_BIN)
	MINK_CERTIFY_N=10000000 $(BUILD)/tests/test_certify
	MINK_SWEEP_SCALE=25 $(BUILD)/tests/test_sweeps
	MINK_APEX_N=3000 $(BUILD)/tests/test_smooth
	MINK_TEXT_N=100000000 $(BUILD)/tests/cli/test_fmtnum
	MINK_TEXT_N=5000000 $(BUILD)/tests/cli/test_fastjson

demo: deps
	$(MAKE) all
	$(MINK) testdata/demo.json

# Installs only what is missing; needs root (or sudo) the first time.
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi

clean:
	rm -rf $(BUILD)

# --- The contract: schemas, man pages, error corpus, install ----------------

PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
MANDIR       ?= $(PREFIX)/share/man
DATADIR      ?= $(PREFIX)/share/mink
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
# Where Debian's python3 looks for modules under PREFIX (/usr/local:
# /usr/local/lib/python3.X/dist-packages, on its sys.path).
PYDIR        ?= $(PREFIX)/lib/python$(PY_VERSION)/dist-packages
INSTALL      ?= install
# Names that `man NAME` finds in mink(3).
MAN3_LINKS = mink_query3 mink_query2 mink_default_options mink_shape3_check \
             mink_shape2_check mink_hull_build mink_hull_shape mink_hull_free \
             mink_tangents mink_status_name mink_state_name mink_warning_name \
             mink_error_name mink_sphere mink_box mink_capsule mink_cylinder \
             mink_cone mink_ellipsoid mink_point3 mink_segment3 mink_triangle3 \
             mink_hull_points mink_circle mink_box2 mink_capsule2 mink_segment2 \
             mink_point2 mink_polygon
# mink.pc names its directories from ${prefix} when they lie under it.
PC_SED = -e 's|@PREFIX@|$(PREFIX)|' \
         -e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|' \
         -e 's|@INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|' \
         -e 's|@VERSION@|$(VERSION)|'

.PHONY: install uninstall check-contract

install: $(LIBMINK) $(MINK) $(LIBMINK_SO) $(PY_MOD) $(LIBMINK_LINKS)
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBDIR)" \
	  "$(DESTDIR)$(INCLUDEDIR)" "$(DESTDIR)$(PKGCONFIGDIR)" \
	  "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man3" \
	  "$(DESTDIR)$(MANDIR)/man5" "$(DESTDIR)$(DATADIR)/schemas" \
	  "$(DESTDIR)$(PYDIR)"
	$(INSTALL) -m 755 $(MINK) "$(DESTDIR)$(BINDIR)/mink"
	$(INSTALL) -m 644 $(PY_MOD) "$(DESTDIR)$(PYDIR)/$(notdir $(PY_MOD))"
	$(INSTALL) -m 644 $(LIBMINK) "$(DESTDIR)$(LIBDIR)/libmink.a"
	$(INSTALL) -m 755 $(LIBMINK_SO) "$(DESTDIR)$(LIBDIR)/$(notdir $(LIBMINK_SO))"
	ln -sf $(notdir $(LIBMINK_SO)) "$(DESTDIR)$(LIBDIR)/$(SONAME)"
	ln -sf $(SONAME) "$(DESTDIR)$(LIBDIR)/libmink.so"
	$(INSTALL) -m 644 include/mink.h "$(DESTDIR)$(INCLUDEDIR)/mink.h"
	$(INSTALL) -m 644 man/mink.1 "$(DESTDIR)$(MANDIR)/man1/mink.1"
	$(INSTALL) -m 644 man/mink.3 "$(DESTDIR)$(MANDIR)/man3/mink.3"
	$(INSTALL) -m 644 man/mink.5 "$(DESTDIR)$(MANDIR)/man5/mink.5"
	for f in $(MAN3_LINKS); do ln -sf mink.3 "$(DESTDIR)$(MANDIR)/man3/$$f.3"; done
	$(INSTALL) -m 644 schemas/pair.schema.json schemas/result.schema.json \
	  "$(DESTDIR)$(DATADIR)/schemas"
	sed $(PC_SED) mink.pc.in >"$(DESTDIR)$(PKGCONFIGDIR)/mink.pc"
	chmod 644 "$(DESTDIR)$(PKGCONFIGDIR)/mink.pc"
	@# The dynamic linker finds a new library in LIBDIR after ldconfig.
	if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ]; then ldconfig || true; fi

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/mink" "$(DESTDIR)$(LIBDIR)/libmink.a" \
	  "$(DESTDIR)$(LIBDIR)/$(notdir $(LIBMINK_SO))" \
	  "$(DESTDIR)$(LIBDIR)/$(SONAME)" "$(DESTDIR)$(LIBDIR)/libmink.so" \
	  "$(DESTDIR)$(PYDIR)/$(notdir $(PY_MOD))" \
	  "$(DESTDIR)$(INCLUDEDIR)/mink.h" "$(DESTDIR)$(PKGCONFIGDIR)/mink.pc" \
	  "$(DESTDIR)$(MANDIR)/man1/mink.1" "$(DESTDIR)$(MANDIR)/man3/mink.3" \
	  "$(DESTDIR)$(MANDIR)/man5/mink.5" \
	  "$(DESTDIR)$(DATADIR)/schemas/pair.schema.json" \
	  "$(DESTDIR)$(DATADIR)/schemas/result.schema.json"
	for f in $(MAN3_LINKS); do rm -f "$(DESTDIR)$(MANDIR)/man3/$$f.3"; done
	-rmdir "$(DESTDIR)$(DATADIR)/schemas" "$(DESTDIR)$(DATADIR)" 2>/dev/null

# Schemas against inputs and outputs, the error corpus, CSV against JSON,
# the man pages and their examples, and an install into a temporary DESTDIR
# (see tests/contract/run.sh).
check-contract: $(LIBMINK) $(MINK) $(LIBMINK_LINKS)
	@MINK=$(MINK) BUILD=$(BUILD) MAKE="$(MAKE)" CC="$(CC)" \
	  CONTRACT_CFLAGS="$(EXTRA_CFLAGS)" sh tests/contract/run.sh

-include $(wildcard $(BUILD)/fuzz/*.d)
-include $(LIB_OBJ:.o=.d) $(PIC_OBJ:.o=.d) $(PIC_CLI_OBJ:.o=.d) $(PY_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_SUPPORT_OBJ:.o=.d) $(TEST_BIN:=.d) $(CLI_TEST_BIN:=.d)
