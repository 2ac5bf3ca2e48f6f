# railperf - multi-rail RDMA microbenchmarks, perftest-compatible.
#
#   make            build everything into build/
#   make test       unit tests, then the end-to-end suite in a Soft-RoCE guest
#   make demo       install what is needed, build, run rail_write_bw in a guest
#   make install    PREFIX=/usr/local, DESTDIR honoured

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
B       ?= build

# Cross build: make CROSS=aarch64-linux-gnu- (tools/check-aarch64 installs
# what it needs). $(CROSS)pkg-config is Debian's multiarch wrapper (package
# pkgconf:arm64), which reads only the target's .pc files. Unless B is
# given, objects go to build-aarch64/, never mixed with a native build/.
ifdef CROSS
CC         := $(CROSS)gcc
AR         := $(CROSS)ar
PKG_CONFIG ?= $(CROSS)pkg-config
ifeq ($(origin B),file)
B          := build-$(firstword $(subst -, ,$(notdir $(CROSS))))
endif
export B
endif
PKG_CONFIG ?= pkg-config
CFLAGS     ?= -O2 -g

WARN := -Wall -Wextra -Werror -Wmissing-prototypes -Wstrict-prototypes \
	-Wformat=2 -Wshadow -Wpointer-arith -Wundef -Wvla
override CFLAGS += -std=gnu11 -ffp-contract=off $(WARN) -Icommon \
	$(shell $(PKG_CONFIG) --cflags libibverbs libcjson hwloc)
LIBS := $(shell $(PKG_CONFIG) --libs libibverbs libcjson hwloc) \
	-lhugetlbfs -lnuma -lpthread -lm
TEST_LIBS := $(shell $(PKG_CONFIG) --libs cmocka)

COMMON_SRC := $(wildcard common/*.c)
COMMON_OBJ := $(COMMON_SRC:%.c=$(B)/%.o)
LIB        := $(B)/librailperf.a
# Every bw/*.c, lat/*.c and tools/*.c is one program of the same name.
BIN_SRC    := $(wildcard bw/*.c lat/*.c tools/*.c)
BINS       := $(addprefix $(B)/,$(notdir $(BIN_SRC:.c=)))
UNIT_SRC   := $(wildcard tests/unit/test_*.c)
UNIT_BINS  := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)

.PHONY: all check test unit e2e demo deps install uninstall clean
all: $(BINS)

$(B)/%.o: %.c $(wildcard common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(LIB): $(COMMON_OBJ)
	$(AR) rcs $@ $^

define rp_bin_rule
$(B)/$(notdir $(1:.c=)): $(B)/$(1:.c=.o) $(LIB)
	$$(CC) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LIBS)
endef
$(foreach s,$(BIN_SRC),$(eval $(call rp_bin_rule,$(s))))

.SECONDARY:
$(B)/tests/%: $(B)/tests/unit/%.o $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) $(TEST_LIBS)

unit: $(UNIT_BINS)
	tests/run unit

e2e: $(BINS)
	tests/run e2e

# The README's test command: unit tests and the guest suite, one summary.
check test: $(BINS) $(UNIT_BINS)
	tests/run all

deps:
	tools/install-deps

demo: deps
	$(MAKE) all
	tools/softroce run tools/demo.sh

# railperf against perftest with the same flags, in Soft-RoCE guests (or on
# two real hosts: HW=1 SERVER=... CLIENT=... DEV=...; see
# tools/bench/bench --help). Not part of make test: it takes ~10 minutes.
.PHONY: bench
bench: all
	B=$(B) tools/bench/bench

MANS := $(wildcard man/*.1)

install: $(BINS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 0755 $(BINS) $(DESTDIR)$(BINDIR)
	install -m 0644 $(MANS) $(DESTDIR)$(MANDIR)/man1

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(notdir $(BINS)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MANS)))

clean:
	rm -rf $(B)
