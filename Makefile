# mink - one plain Makefile.
#
#   make            build libmink.a and mink (in $(BUILD))
#   make test       install missing Debian packages, run every test, then
#                   run the suite again under AddressSanitizer + UBSan
#   make check      run the tests once in the current build (no installs)
#   make certify    the long certificate run (10^7 random queries)
#   make bench      kernel and end-to-end benchmarks (installs the peers)
#   make demo       run mink on the bundled example
#   make deps       install the Debian packages the build and tests need

CC       ?= cc
BUILD    ?= build
CFLAGS   ?= -O2 -g
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
EXTRA_CFLAGS ?=
EXTRA_LDFLAGS ?=

STD_FLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -ffp-contract=off
WARN      = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ALL_CFLAGS = $(STD_FLAGS) $(WARN) $(CFLAGS) $(EXTRA_CFLAGS) -MMD -MP

CJSON_CFLAGS  = $(shell pkg-config --cflags libcjson 2>/dev/null || echo -I/usr/include/cjson)
CJSON_LIBS    = $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
CMOCKA_LIBS   = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
# What a program linking libmink.a needs besides it.
LIB_LIBS      = $(shell pkg-config --libs qhull_r 2>/dev/null || echo -lqhull_r) -lm

DEB_PKGS = build-essential pkg-config libcjson-dev libcmocka-dev libqhull-dev python3

LIB_SRC  = $(wildcard lib/*.c)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/test_*.c)
TEST_SUPPORT_SRC = $(filter-out $(TEST_SRC),$(wildcard tests/*.c))

LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_SUPPORT_OBJ = $(TEST_SUPPORT_SRC:%.c=$(BUILD)/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

LIBMINK  = $(BUILD)/libmink.a
MINK     = $(BUILD)/mink

.SECONDARY:

.PHONY: all test check check-unit check-cli demo deps clean san certify bench

all: $(LIBMINK) $(MINK)

$(BUILD)/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Ilib -c $< -o $@

$(BUILD)/cli/%.o: cli/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Ilib -Icli $(CJSON_CFLAGS) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Ilib -Itests -c $< -o $@

$(LIBMINK): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(MINK): $(CLI_OBJ) $(LIBMINK)
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -o $@ $(CLI_OBJ) $(LIBMINK) $(CJSON_LIBS) $(LIB_LIBS) -lpthread

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(TEST_SUPPORT_OBJ) $(LIBMINK)
	$(CC) $(ALL_CFLAGS) $(EXTRA_LDFLAGS) -o $@ $< $(TEST_SUPPORT_OBJ) $(LIBMINK) $(CMOCKA_LIBS) $(LIB_LIBS)

# Unit and oracle tests (cmocka), then the CLI golden tests.
check: check-unit check-cli

check-unit: $(TEST_BIN)
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $$t; done

check-cli: $(MINK)
	@MINK=$(MINK) sh tests/cli/run.sh

# The whole suite, plain and then under ASan + UBSan.
test: deps
	$(MAKE) check
	$(MAKE) san

# The sanitizer run certifies 10^5 queries instead of 10^6 (it is ~10x slower).
san:
	MINK_CERTIFY_N=100000 $(MAKE) BUILD=build/san EXTRA_CFLAGS="$(SAN_FLAGS)" EXTRA_LDFLAGS="$(SAN_FLAGS)" check

# Benchmarks (figures, never timed tests): see bench/README.md.
bench: deps all
	$(MAKE) -C bench BUILD=$(abspath $(BUILD))

# The long certificate run: 10^7 random 3D queries and 2 * 10^6 in 2D.
certify: $(BUILD)/tests/test_certify
	MINK_CERTIFY_N=10000000 $(BUILD)/tests/test_certify

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
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_SUPPORT_OBJ:.o=.d) $(TEST_BIN:=.d)
