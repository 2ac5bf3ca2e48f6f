# railperf - multi-rail RDMA microbenchmarks, perftest-compatible.
#
#   make            build everything into build/
#   make test       install what is needed, unit tests, then the end-to-end
#                   suite in Soft-RoCE guests (make check: without installing)
#   make demo       install what is needed, build, run rail_write_bw in a guest
#   make install    PREFIX=/usr/local, DESTDIR honoured

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
# bash-completion loads completions/<command> on first use: one file,
# linked under each binary's name.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
B       ?= build

# Cross build: make CROSS=aarch64-linux-gnu- (tools/scripts/check-aarch64
# installs what it needs). $(CROSS)pkg-config is Debian's multiarch
# wrapper (package pkgconf:arm64), which reads only the target's .pc files.
# Unless B is given, objects go to build-aarch64/, never mixed with a
# native build/.
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

# Each pkg-config module and the Debian package that has it. A missing one
# stops make at once with one line naming the package (not "Package ... was
# not found" and a compiler error later); cmocka only for the unit tests.
PKG_MODULES := libibverbs librdmacm libcjson hwloc
deb_libibverbs := libibverbs-dev
deb_librdmacm  := librdmacm-dev
deb_libcjson   := libcjson-dev
deb_hwloc      := libhwloc-dev
deb_cmocka     := libcmocka-dev
# demo and test are the README's two commands: they install what is missing
# first (tools/scripts/install-deps, sudo when not root), then run a make
# that can find the packages; so they need none to start.
NO_BUILD_GOALS := clean format format-check deps uninstall demo test help \
	programs
TEST_GOALS     := unit unit-bins check test sanitize tsan
# Non-empty when a goal builds something (no goal means all).
RP_BUILDING := $(if $(MAKECMDGOALS),$(filter-out $(NO_BUILD_GOALS),\
	$(MAKECMDGOALS)),all)
rp_need_pkg = $(if $(shell $(PKG_CONFIG) --exists $(1) 2>/dev/null && echo y),,\
	$(error pkg-config module '$(1)' not found: install the Debian package \
	$(deb_$(1)) (tools/scripts/install-deps installs every build dependency)))
ifneq ($(RP_BUILDING),)
ifeq ($(shell command -v $(PKG_CONFIG) 2>/dev/null),)
$(error $(PKG_CONFIG) not found: install the Debian package pkgconf \
	(tools/scripts/install-deps installs every build dependency))
endif
$(foreach m,$(PKG_MODULES),$(call rp_need_pkg,$(m)))
ifneq ($(filter $(TEST_GOALS),$(MAKECMDGOALS)),)
$(call rp_need_pkg,cmocka)
endif
endif

WARN := -Wall -Wextra -Werror -Wmissing-prototypes -Wstrict-prototypes \
	-Wformat=2 -Wshadow -Wpointer-arith -Wundef -Wvla
override CFLAGS += -std=gnu11 -ffp-contract=off $(WARN) -Icommon \
	$(shell $(PKG_CONFIG) --cflags libibverbs librdmacm libcjson hwloc)
LIBS = $(shell $(PKG_CONFIG) --libs libibverbs librdmacm libcjson hwloc) \
	-lhugetlbfs -lnuma -lpthread -lm -ldl
TEST_LIBS = $(shell $(PKG_CONFIG) --libs cmocka)

# MPI: rail_cluster_bw alone links it, with the cluster layer's MPI
# wrapper (common/cluster/rp_mpi*.c, never in the library). MPI_PC is its
# pkg-config module: ompi-c (Debian's Open MPI, libopenmpi-dev), or mpich.
# Without it everything else builds and make says how to get the binary.
MPI_PC     ?= ompi-c
MPI_SRC    := $(wildcard common/cluster/rp_mpi*.c)
MPI_OBJ    := $(MPI_SRC:%.c=$(B)/%.o)
HAVE_MPI   := $(if $(RP_BUILDING),$(shell $(PKG_CONFIG) --exists $(MPI_PC) \
	2>/dev/null && echo y))
# -isystem: warnings in mpi.h are not ours to fix
MPI_CFLAGS  = $(patsubst -I%,-isystem %,$(shell $(PKG_CONFIG) --cflags $(MPI_PC)))
MPI_LIBS    = $(shell $(PKG_CONFIG) --libs $(MPI_PC))

COMMON_SRC := $(filter-out $(MPI_SRC),$(wildcard common/*/*.c))
COMMON_OBJ := $(COMMON_SRC:%.c=$(B)/%.o)
LIB        := $(B)/librailperf.a
# Every bw/*.c, lat/*.c and tools/rail_info/*.c is one program of the same
# name (make programs lists them); MPI_BIN_SRC is built only with MPI.
ALL_BIN_SRC := $(wildcard bw/*.c lat/*.c tools/rail_info/*.c)
MPI_BIN_SRC := bw/rail_cluster_bw.c
BIN_SRC    := $(ALL_BIN_SRC)
ifneq ($(HAVE_MPI),y)
BIN_SRC    := $(filter-out $(MPI_BIN_SRC),$(BIN_SRC))
ifneq ($(RP_BUILDING),)
$(info make: rail_cluster_bw not built: pkg-config module '$(MPI_PC)' not found; install libopenmpi-dev openmpi-bin (tools/scripts/install-deps), or give MPI_PC=mpich with libmpich-dev)
endif
endif
BINS       := $(addprefix $(B)/,$(notdir $(BIN_SRC:.c=)))
UNIT_SRC   := $(wildcard tests/unit/test_*.c)
UNIT_BINS  := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
# LD_PRELOAD shims the end-to-end tests inject faults with (tests/shim/).
SHIM_SRC   := $(wildcard tests/shim/*.c)
SHIMS      := $(SHIM_SRC:tests/shim/%.c=$(B)/tests/%.so)
# The CUDA driver test double (tests/cudafake/), dlopen'd as libcuda.so.1
# through LD_LIBRARY_PATH=$(B)/tests/cudafake by the GPU tests.
SHIMS      += $(B)/tests/cudafake/libcuda.so.1

.PHONY: all check test unit e2e demo deps install uninstall clean sanitize \
	programs \
	unit-bins fuzz sanitize-e2e format format-check cuda-check tsan
all: $(BINS)

# -MMD -MP: each object's header dependencies in a .d file beside it; the
# Makefile itself, for its flags (and for trees built before the .d files).
$(B)/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<
-include $(wildcard $(B)/*/*.d $(B)/*/*/*.d $(B)/*/*/*/*.d)

$(LIB): $(COMMON_OBJ)
	$(AR) rcs $@ $^

define rp_bin_rule
$(B)/$(notdir $(1:.c=)): $(B)/$(1:.c=.o) $(LIB)
	$$(CC) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LIBS)
endef
$(foreach s,$(filter-out $(MPI_BIN_SRC),$(BIN_SRC)),\
	$(eval $(call rp_bin_rule,$(s))))

# rail_cluster_bw: its objects and the MPI wrapper's see mpi.h; the MPI
# objects come before the library, whose functions they call.
$(B)/bw/rail_cluster_bw.o $(MPI_OBJ): override CPPFLAGS += $(MPI_CFLAGS)
$(B)/rail_cluster_bw: $(B)/bw/rail_cluster_bw.o $(MPI_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) $(MPI_LIBS)

.SECONDARY:
$(B)/tests/%: $(B)/tests/unit/%.o $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) $(TEST_LIBS)

# The app tests run the apps over a fake device, rail and engine
# (tests/unit/fake.h): their objects come before the library, so the
# linker takes the fakes' rp_dev_*, rp_rail_*, rp_bw_run ... and never
# pulls rp_dev.o, rp_rail.o, rp_bw.o, rp_bwpost.o or rp_lat.o.
APP_TESTS := $(B)/tests/test_bwapp $(B)/tests/test_latapp
APP_FAKES := $(B)/tests/unit/fake_rail.o $(B)/tests/unit/fake_engine.o
$(APP_TESTS): $(B)/tests/%: $(B)/tests/unit/%.o $(APP_FAKES) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) $(TEST_LIBS)

$(B)/tests/%.so: tests/shim/%.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -shared $(LDFLAGS) -o $@ $< -ldl

$(B)/tests/cudafake/libcuda.so.1: tests/cudafake/cudafake.c \
		common/verbs/rp_cuda_api.h Makefile
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -shared -Wl,-soname,libcuda.so.1 $(LDFLAGS) \
		-o $@ $<

# The GPU memory layer against a real CUDA driver (tools/scripts/cuda-check
# runs it on a GPU host); builds without CUDA, as the library does.
cuda-check: $(B)/cuda_check
$(B)/cuda_check: $(B)/tools/cuda_check/cuda_check.o $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

unit: $(BINS) $(UNIT_BINS) $(SHIMS)
	tests/run unit

e2e: $(BINS) $(SHIMS)
	tests/run e2e

# The README's test command: the packages it needs, then the unit tests and
# the guest suite, one summary (make check: the same without installing).
test:
	tools/scripts/install-deps --test
	$(MAKE) check
check: $(BINS) $(UNIT_BINS) $(SHIMS) $(B)/cuda_check
	tests/run all

# Sanitizers: unit tests built with ASan + UBSan (gcc), leaks checked.
# hwloc's PCI plugin (libpciaccess) leaves its device table behind when it
# is unloaded, which LeakSanitizer reports from an unknown module; it is
# left out of these runs only.
SAN_CFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
sanitize:
	$(MAKE) B=build-asan CFLAGS="$(SAN_CFLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" all unit-bins
	B=build-asan ASAN_OPTIONS=detect_leaks=1 \
		HWLOC_PLUGINS_BLACKLIST=hwloc_pci \
		UBSAN_OPTIONS=print_stacktrace=1 tests/run unit

unit-bins: $(UNIT_BINS) $(SHIMS) $(B)/cuda_check

# ThreadSanitizer over the unit programs that start threads (tests/tsan
# picks them from this build: those linking pthread_create or
# timer_create), built into build-tsan/; a race report fails.
tsan: unit-bins
	B=$(B) TSAN_B=build-tsan tests/tsan

# libFuzzer (clang): the control-message decoders for FUZZ_SECONDS, with
# inputs up to the 64 KiB message limit (RAIL of 1024 QPs and more); the
# framing of the stream (split reads, back-to-back messages, partial
# headers) for FUZZ_FRAME_SECONDS; rail_cluster_bw's --pairs files (parse,
# pack, the rounds' flows, their round trip) for FUZZ_PAIRS_SECONDS and
# rank 0's rounds of flows as other ranks decode them for
# FUZZ_SCHED_SECONDS (their refusals go to stderr, closed:
# -close_fd_mask=2).
FUZZ_SECONDS ?= 60
FUZZ_FRAME_SECONDS ?= 20
FUZZ_PAIRS_SECONDS ?= 10
FUZZ_SCHED_SECONDS ?= 10
FUZZ_CFLAGS := -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -Icommon
FUZZ_SCHED_SRC := common/cluster/rp_sched.c common/cluster/rp_flows.c \
	common/base/rp_log.c common/base/rp_parse.c
fuzz:
	@mkdir -p $(B)/fuzz-corpus $(B)/fuzz-frame-corpus \
		$(B)/fuzz-pairs-corpus $(B)/fuzz-sched-corpus
	clang $(FUZZ_CFLAGS) -o $(B)/fuzz_msg tests/fuzz/fuzz_msg.c \
		common/proto/rp_msg.c common/base/rp_text.c
	clang $(FUZZ_CFLAGS) -o $(B)/fuzz_frame tests/fuzz/fuzz_frame.c \
		common/proto/rp_frame.c common/proto/rp_msg.c \
		common/base/rp_text.c
	clang $(FUZZ_CFLAGS) -o $(B)/fuzz_pairs tests/fuzz/fuzz_pairs.c \
		tests/fuzz/fuzz_schedcheck.c $(FUZZ_SCHED_SRC)
	clang $(FUZZ_CFLAGS) -o $(B)/fuzz_sched tests/fuzz/fuzz_sched.c \
		tests/fuzz/fuzz_schedcheck.c $(FUZZ_SCHED_SRC)
	$(B)/fuzz_msg -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 \
		-max_len=65537 -print_final_stats=1 $(B)/fuzz-corpus \
		tests/fuzz/corpus
	$(B)/fuzz_frame -max_total_time=$(FUZZ_FRAME_SECONDS) \
		-rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
		$(B)/fuzz-frame-corpus tests/fuzz/corpus-frame
	$(B)/fuzz_pairs -max_total_time=$(FUZZ_PAIRS_SECONDS) \
		-rss_limit_mb=2048 -max_len=4096 -close_fd_mask=2 \
		-print_final_stats=1 $(B)/fuzz-pairs-corpus \
		tests/fuzz/corpus-pairs
	$(B)/fuzz_sched -max_total_time=$(FUZZ_SCHED_SECONDS) \
		-rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
		$(B)/fuzz-sched-corpus tests/fuzz/corpus-sched

# One integration pass in the guests with the sanitized binaries.
# Teardown on success and on failure of each binary, under ASan's leak
# checker: every binary's main paths (tests/e2e/s_paths.sh: rdma_cm -R,
# --output, -D, -a --validate, -b, -l/-q, the -w gate, rail_write_lat,
# both rails, rail_info), SIGINT, garbage on the control port, a peer
# killed (the client: t_fault_kill; the server side's teardown). One
# guest: the two-guest pair it also booted, for t2_multi_bw and
# t2_fault_kill, cost a minute of CI; rail_multi_bw's paths are s_paths'
# (both rails with --validate, -b -D --interval), and the client's
# teardown after its server is killed (t2_fault_kill) and t_multi_bw's
# output checks run unsanitized only, with the rest of the fault matrix.
SAN_E2E ?= s_paths t_fault_sigint t_fault_garbage t_fault_kill
sanitize-e2e:
	$(MAKE) B=build-asan CFLAGS="$(SAN_CFLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" all
	B=build-asan RP_E2E_ONLY="$(SAN_E2E)" ASAN_OPTIONS=detect_leaks=1 \
		HWLOC_PLUGINS_BLACKLIST=hwloc_pci \
		UBSAN_OPTIONS=print_stacktrace=1 tests/run e2e

# Every C file, formatted by .clang-format (kernel style, as rdma-core's).
FORMAT_SRC := $(wildcard common/*/*.[ch] bw/*.c lat/*.c tools/*/*.c \
	tests/unit/*.[ch] tests/fuzz/*.c tests/shim/*.c)
format:
	clang-format -i $(FORMAT_SRC)
format-check:
	@clang-format --dry-run -Werror $(FORMAT_SRC)
	@echo "format-check: $(words $(FORMAT_SRC)) files as .clang-format writes them"

deps:
	tools/scripts/install-deps

# make demo: DEMO_RUNS runs of each tool (tools/scripts/demo.sh; 3, or 1
# where only the set-up is checked: tools/scripts/fresh-check)
DEMO_RUNS ?= 3
demo:
	tools/scripts/install-deps --test
	$(MAKE) all
	B=$(B) DEMO_RUNS=$(DEMO_RUNS) SOFTROCE_PASSENV="B DEMO_RUNS" \
		tools/scripts/softroce run tools/scripts/demo.sh

# railperf against perftest with the same flags, in Soft-RoCE guests (or on
# two real hosts: HW=1 SERVER=... CLIENT=... DEV=...; see
# tools/bench/bench --help). Not part of make test: it takes about an hour.
# BENCH_README=1 (the report's headline table into README.md) only from a
# clean tree.
.PHONY: bench
bench: all $(B)/tools/bench/cgwait.so
	B=$(B) tools/bench/bench

# make bench's LD_PRELOAD for the latency clients' instruction counts
# (tools/bench/cgwait.c; valgrind/callgrind.h, Debian's valgrind).
$(B)/tools/bench/cgwait.so: tools/bench/cgwait.c Makefile
	@echo '#include <valgrind/callgrind.h>' | $(CC) -E -x c - >/dev/null \
		2>&1 || { echo "make bench: valgrind/callgrind.h not found:" \
		"install the Debian package valgrind (tools/scripts/install-deps)"; \
		exit 1; }
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -shared $(LDFLAGS) -o $@ $< -ldl

MANS := $(filter-out $(if $(filter y,$(HAVE_MPI)),,man/rail_cluster_bw.1),\
	$(wildcard man/*.1))

install: $(BINS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(BASHCOMPDIR)
	install -m 0755 $(BINS) $(DESTDIR)$(BINDIR)
	install -m 0644 $(MANS) $(DESTDIR)$(MANDIR)/man1
	install -m 0644 tools/completion/railperf.bash \
		$(DESTDIR)$(BASHCOMPDIR)/railperf
	for b in $(notdir $(BINS)); do \
		ln -sf railperf $(DESTDIR)$(BASHCOMPDIR)/$$b || exit 1; \
	done

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(notdir $(BINS)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MANS)))
	rm -f $(addprefix $(DESTDIR)$(BASHCOMPDIR)/,railperf $(notdir $(BINS)))

clean:
	rm -rf $(B)

# make programs: every program the tree has, one line each, "NAME KIND":
# test (a perftest-style binary of bw/ or lat/), mpi (built only with
# MPI), tool (rail_info). The host tests that hold every binary to a
# contract (--help, --version, a full stdout, bad input) take their list
# from here, so a new program cannot be left out. Needs no package.
programs:
	@$(foreach s,$(ALL_BIN_SRC),echo '$(notdir $(s:.c=)) $(if \
		$(filter $(MPI_BIN_SRC),$(s)),mpi,$(if \
		$(filter tools/%,$(s)),tool,test))';)

# make help: every target, one line each; needs no package (NO_BUILD_GOALS).
.PHONY: help
help:
	@echo 'make [all]        build the binaries into $(B)/ (B=dir: elsewhere)'
	@echo 'make demo         install packages, build, run rail_write_bw and'
	@echo '                  ib_write_bw in a Soft-RoCE guest'
	@echo 'make test         install packages, build, unit tests, then the'
	@echo '                  end-to-end suite in Soft-RoCE guests'
	@echo 'make check        the same as make test, without installing packages'
	@echo 'make unit         build, run the unit and host tests'
	@echo 'make unit-bins    build the unit tests and fault shims, run nothing'
	@echo 'make e2e          build, run the end-to-end suite only'
	@echo 'make bench        railperf against perftest, same flags (about an hour)'
	@echo 'make sanitize     the unit tests under ASan and UBSan (build-asan/)'
	@echo 'make sanitize-e2e the sanitized binaries through the guest paths'
	@echo 'make tsan         the unit programs with threads under ThreadSanitizer'
	@echo 'make fuzz         libFuzzer on the control-message decoders and framing'
	@echo 'make cuda-check   the GPU memory check (tools/scripts/cuda-check)'
	@echo 'make format       clang-format every C file in place'
	@echo 'make format-check fail on any C file clang-format would change'
	@echo 'make deps         install every Debian package (tools/scripts/install-deps)'
	@echo 'make install      binaries, man pages, bash completion under PREFIX'
	@echo 'make uninstall    remove what make install put there'
	@echo 'make clean        remove $(B)/'
	@echo 'make programs     every program and its kind (test, mpi, tool)'
	@echo 'make help         this list'
