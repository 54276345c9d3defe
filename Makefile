# rtlens - find the sources of OS noise and timer latency on Linux
# SPDX-License-Identifier: GPL-2.0

VERSION		:= 0.1.0
PREFIX		?= /usr/local
BINDIR		?= $(PREFIX)/bin
MANDIR		?= $(PREFIX)/share/man
COMPLETIONDIR	?= $(PREFIX)/share/bash-completion/completions
# rtla's names (osnoise, timerlat, hwnoise), links to rtlens; the Debian
# package puts them in /usr/lib/rtlens/bin, as rtla's package has
# /usr/bin/osnoise and /usr/bin/timerlat (debian/README.Debian)
TOOLDIR		?= $(BINDIR)
DESTDIR		?=

CC		?= cc
PKGS		:= libtracefs libtraceevent libtracecmd libproc2 json-c zlib libmicrohttpd nlopt

# the samples counted in the kernel (src/source/engine/bpf/): the BPF object is
# built with clang and turned into a skeleton header by bpftool. Without
# them (or with BPF=0) rtlens is built without that path and says so.
BPF_CLANG	?= clang
BPFTOOL		?= $(firstword $(wildcard /usr/sbin/bpftool /usr/bin/bpftool) bpftool)
BPF		?= $(if $(and $(shell command -v $(BPF_CLANG)),$(shell command -v $(BPFTOOL)),\
			$(shell pkg-config --exists libbpf && echo y)),1,0)
ifeq ($(BPF),1)
PKGS		+= libbpf
BPF_SKEL	:= build/gen/source/engine/counts.skel.h
BPF_CFLAGS	:= -Ibuild/gen
else
BPF_SKEL	:=
BPF_CFLAGS	:= -DRTLENS_NO_BPF
endif

PKG_CFLAGS	:= $(shell pkg-config --cflags $(PKGS))
PKG_LIBS	:= $(shell pkg-config --libs $(PKGS)) -lcpupower -lm

WARN		:= -Wall -Wextra -Werror -Wshadow -Wformat=2 -Wmissing-prototypes
CFLAGS		?= -O2 -g
ALL_CFLAGS	:= -std=gnu11 -D_GNU_SOURCE $(WARN) -Isrc $(BPF_CFLAGS) \
		   -DRTLENS_VERSION='"$(VERSION)"' $(PKG_CFLAGS) $(CPPFLAGS) $(CFLAGS)
SAN_FLAGS	:= -fsanitize=address,undefined -fno-omit-frame-pointer \
		   -fno-sanitize-recover=undefined

# the completion's writer (src/cli/completion.c) has a main of its own
COMPL_SRC	:= src/cli/completion.c
SRCS		:= $(filter-out $(COMPL_SRC),$(sort $(wildcard src/*/*.c src/*/*/*.c)))
MAIN_SRC	:= src/cli/main.c
LIB_SRCS	:= $(filter-out $(MAIN_SRC),$(SRCS))
HDRS		:= $(wildcard src/*/*.h src/*/*/*.h)

OBJS		:= $(SRCS:%.c=build/rel/%.o)
COMPL_OBJ	:= $(COMPL_SRC:%.c=build/rel/%.o)
LIB_OBJS	:= $(LIB_SRCS:%.c=build/rel/%.o)
SAN_LIB_OBJS	:= $(LIB_SRCS:%.c=build/san/%.o)

UNIT_SRCS	:= $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS	:= $(UNIT_SRCS:tests/unit/%.c=build/san/tests/%)
# what the unit tests share (fake_tracefs, capture): linked into each of them
UNIT_HELPERS	:= $(filter-out $(UNIT_SRCS),$(wildcard tests/unit/*.c))
UNIT_HELPER_OBJS := $(UNIT_HELPERS:%.c=build/san/%.o)
UNIT_HDRS	:= $(wildcard tests/unit/*.h)

TOOLS		:= osnoise timerlat hwnoise
# rt-tests' names rtlens answers to (a link each, no completion of their own)
SCRIPTS		:= hwlatdetect
MANPAGES	:= $(wildcard Documentation/*.1)

.PHONY: all samples completion clean check layers-check unit-check schema-check host-check vm-check zoo bench \
	install uninstall san deps test-deps demo fuzz fuzz-check fuzz-build fuzz-cc deb package-check

all: rtlens samples completion

rtlens: $(OBJS)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $^ $(PKG_LIBS) $(LDFLAGS)

# rtlens built with AddressSanitizer and UBSan, for the host tests
rtlens-san: $(SAN_LIB_OBJS) build/san/$(MAIN_SRC:%.c=%.o)
	@echo "  LD/SAN  $@"
	@$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -o $@ $^ $(PKG_LIBS) $(LDFLAGS)

san: rtlens-san

# bash's completion of rtlens: what src/cli/completion.c writes from the
# command and option tables, then the logic that uses it
build/completion/gen: $(COMPL_OBJ) $(LIB_OBJS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $^ $(PKG_LIBS) $(LDFLAGS)

build/completion/rtlens.bash: build/completion/gen src/cli/completion.bash
	@echo "  GEN     $@"
	@{ build/completion/gen && cat src/cli/completion.bash; } > $@.tmp && mv $@.tmp $@

completion: build/completion/rtlens.bash

# sample/: a workload to measure with rtlens, and a --bpf-action program
# (with clang and libbpf's headers); built, never installed
SAMPLES		:= build/sample/timerlat_load $(if $(filter 1,$(BPF)),build/sample/timerlat_action.bpf.o)

samples: $(SAMPLES)

build/sample/%: sample/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(CC) -std=gnu11 -O2 -g $(WARN) -o $@ $<

build/sample/%.bpf.o: sample/%.bpf.c Makefile
	@mkdir -p $(dir $@)
	@echo "  BPF     $<"
	@$(BPF_CLANG) $(BPF_CLANG_FLAGS) -c -o $@ $<

# the BPF program and its skeleton (a header that embeds the object)
BPF_CLANG_FLAGS	:= -g -O2 -target bpf -D__TARGET_ARCH_x86 \
		   -I/usr/include/$(shell $(CC) -dumpmachine) -Wall -Werror
BPF_SRC		:= src/source/engine/bpf/counts.bpf.c
build/gen/source/engine/counts.bpf.o: $(BPF_SRC) src/source/engine/bpf_layout.h Makefile
	@mkdir -p $(dir $@)
	@echo "  BPF     $<"
	@$(BPF_CLANG) $(BPF_CLANG_FLAGS) -c -o $@ $<

build/gen/source/engine/counts.skel.h: build/gen/source/engine/counts.bpf.o
	@echo "  SKEL    $@"
	@$(BPFTOOL) gen skeleton $< name counts_bpf > $@.tmp && mv $@.tmp $@

build/rel/src/source/engine/bpf_counts.o build/san/src/source/engine/bpf_counts.o \
build/fuzz/src/source/engine/bpf_counts.o: $(BPF_SKEL)

build/rel/%.o: %.c $(HDRS) Makefile
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(ALL_CFLAGS) -c -o $@ $<

build/san/%.o: %.c $(HDRS) Makefile
	@mkdir -p $(dir $@)
	@echo "  CC/SAN  $<"
	@$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -c -o $@ $<

$(UNIT_HELPER_OBJS): $(UNIT_HDRS)

build/san/tests/%: tests/unit/%.c $(SAN_LIB_OBJS) $(UNIT_HELPER_OBJS) $(HDRS) $(UNIT_HDRS)
	@mkdir -p $(dir $@)
	@echo "  LD/SAN  $@"
	@$(CC) $(ALL_CFLAGS) $(SAN_FLAGS) -o $@ $< $(UNIT_HELPER_OBJS) $(SAN_LIB_OBJS) \
		$(PKG_LIBS) -lcmocka $(UNIT_WRAP) $(LDFLAGS)

# test_outfile plays a file system without O_TMPFILE: its open() stands in
build/san/tests/test_outfile: UNIT_WRAP := -Wl,--wrap=open

# libFuzzer targets: clang (only these need it), with ASan and UBSan; the
# rtlens sources built once more, for them, in build/fuzz
FUZZ_CC		?= clang
FUZZ_OPT	?= -O1 -g
FUZZ_SAN	:= -fsanitize=address,undefined -fno-sanitize-recover=undefined \
		   -fno-omit-frame-pointer
FUZZ_CFLAGS	:= -std=gnu11 -D_GNU_SOURCE $(WARN) -Isrc $(BPF_CFLAGS) \
		   -DRTLENS_VERSION='"$(VERSION)"' \
		   $(PKG_CFLAGS) $(FUZZ_OPT) $(FUZZ_SAN)
FUZZ_TARGETS	:= options state_record decode render report recording
# --input's reader: built, but run on demand only (make fuzz-check
# FUZZ_TARGETS=input): libtracecmd crashes on some damaged files
# (tests/fuzz/README.md)
FUZZ_EXTRA	:= input
FUZZ_BINS	:= $(sort $(FUZZ_TARGETS:%=build/fuzz/fuzz_%) $(FUZZ_EXTRA:%=build/fuzz/fuzz_%))
FUZZ_LIB_OBJS	:= $(LIB_SRCS:%.c=build/fuzz/%.o)

.SECONDARY: $(FUZZ_LIB_OBJS) build/fuzz/tests/fuzz/fuzz.o

build/fuzz/%.o: %.c $(HDRS) Makefile | fuzz-cc
	@mkdir -p $(dir $@)
	@echo "  CC/FUZZ $<"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

build/fuzz/tests/fuzz/fuzz.o: tests/fuzz/fuzz.h

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h build/fuzz/tests/fuzz/fuzz.o \
		$(FUZZ_LIB_OBJS) $(HDRS)
	@echo "  LD/FUZZ $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< build/fuzz/tests/fuzz/fuzz.o \
		$(FUZZ_LIB_OBJS) $(PKG_LIBS) $(LDFLAGS)

fuzz-cc:
	@command -v $(FUZZ_CC) >/dev/null || \
		{ echo "fuzz: $(FUZZ_CC) not found (scripts/setup.sh test installs it)" >&2; exit 1; }

fuzz-build: $(FUZZ_BINS)

# each target for FUZZ_SECONDS on a copy of its seeds, two at a time
fuzz-check: fuzz-build
	@tests/fuzz/run.sh $(or $(FUZZ_SECONDS),30) build/fuzz/check $(FUZZ_TARGETS)

# longer, growing the corpus kept in build/fuzz/corpus
fuzz: fuzz-build
	@tests/fuzz/run.sh -k build/fuzz/corpus $(or $(FUZZ_SECONDS),600) build/fuzz/run $(FUZZ_TARGETS)

# the layers of src/: includes and calls go down only (Documentation/architecture.md)
layers-check: rtlens $(COMPL_OBJ)
	@tests/layers/check.py src build/rel/src
	@tests/layers/tools.py src

unit-check: $(UNIT_BINS)
	@tests/unit/run.sh $(UNIT_BINS)

schema-check:
	@tests/schema/run.sh

host-check: rtlens-san
	@tests/host/run.sh ./rtlens-san

vm-check: rtlens samples
	@tests/vm/check.sh

# the zoo of causes (tests/zoo/README.md): every scenario on both rt
# kernels of the VM rig, one table of verdicts (build/zoo/zoo.json); not in
# `make check`, which runs its fast scenarios in the 6.1 boot
zoo: rtlens samples
	@tests/zoo/run.sh

# a sub-make, so that `make test-deps check` finds the freshly installed
# libraries; everything is built first, on every CPU (what fails to build
# fails its ring), then the rings run one after the other (they time
# things, and share tracefs), every one whatever the one before did, and
# tests/rings.sh ends with the verdict: a table, the failures by name
NPROC		:= $(shell nproc 2>/dev/null || echo 1)
RINGS		:= layers-check unit-check schema-check fuzz-check host-check vm-check
check:
	-$(MAKE) -k -j$(NPROC) rtlens rtlens-san samples completion $(COMPL_OBJ) $(UNIT_BINS) fuzz-build
	@MAKE="$(MAKE)" tests/rings.sh $(RINGS)

# the userspace instructions per sample of the tracefs path (callgrind)
build/bench/record_cost: bench/record_cost.c $(LIB_OBJS) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	@$(CC) $(ALL_CFLAGS) -o $@ $< $(LIB_OBJS) $(PKG_LIBS) $(LDFLAGS)

bench: rtlens build/bench/record_cost
	@bench/record-cost.sh
	@bench/cost.sh newest
	@bench/cost.sh 6.1
	@bench/flood.sh
	@bench/osnoise-hist.sh
	@bench/timerlat-hist.sh
	@bench/tail.sh
	@bench/kvm-host.sh
	@bench/live-pane.sh host
	@bench/live-pane.sh 6.1
	@bench/user-engine.sh
	@bench/replay.sh
	@bench/listen.sh
	@bench/many-cpus.sh
	@bench/soak.sh

# the links: relative beside rtlens, else absolute (dh_link makes the
# package's relative); the completion of the links' names only beside it
TOOL_LINK	:= $(if $(filter $(BINDIR),$(TOOLDIR)),rtlens,$(BINDIR)/rtlens)

install: rtlens build/completion/rtlens.bash
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(TOOLDIR)" "$(DESTDIR)$(MANDIR)/man1" \
		"$(DESTDIR)$(COMPLETIONDIR)"
	install -m 0755 rtlens "$(DESTDIR)$(BINDIR)/rtlens"
	for t in $(TOOLS) $(SCRIPTS); do ln -sf "$(TOOL_LINK)" "$(DESTDIR)$(TOOLDIR)/$$t"; done
	install -m 0644 $(MANPAGES) "$(DESTDIR)$(MANDIR)/man1/"
	install -m 0644 build/completion/rtlens.bash "$(DESTDIR)$(COMPLETIONDIR)/rtlens"
	$(if $(filter $(BINDIR),$(TOOLDIR)),for t in $(TOOLS); do \
		ln -sf rtlens "$(DESTDIR)$(COMPLETIONDIR)/$$t"; done)

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/rtlens" "$(DESTDIR)$(COMPLETIONDIR)/rtlens"
	for t in $(TOOLS) $(SCRIPTS); do rm -f "$(DESTDIR)$(TOOLDIR)/$$t"; done
	$(if $(filter $(BINDIR),$(TOOLDIR)),for t in $(TOOLS); do \
		rm -f "$(DESTDIR)$(COMPLETIONDIR)/$$t"; done)
	for m in $(notdir $(MANPAGES)); do rm -f "$(DESTDIR)$(MANDIR)/man1/$$m"; done

# The Debian package (debian/), built from a copy of the tree in build/deb/,
# where debian/changelog is written from VERSION: build/deb/rtlens_VERSION_ARCH.deb
DEB_DIR		:= build/deb
DEB_TREE	:= $(DEB_DIR)/rtlens-$(VERSION)

deb:
	@command -v dpkg-buildpackage >/dev/null && command -v dh >/dev/null || \
		{ echo "deb: needs dpkg-dev and debhelper (scripts/setup.sh deb installs them)" >&2; \
		  exit 1; }
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_TREE)
	tar -c -f $(DEB_DIR)/tree.tar --exclude-vcs --exclude=./build --exclude=./rtlens \
		--exclude=./rtlens-san --exclude=./.cache --exclude='*.o' --exclude=__pycache__ .
	tar -x -f $(DEB_DIR)/tree.tar -C $(DEB_TREE) && rm $(DEB_DIR)/tree.tar
	scripts/deb-changelog.sh $(VERSION) > $(DEB_TREE)/debian/changelog
	cd $(DEB_TREE) && DEB_BUILD_OPTIONS="$(strip $(DEB_BUILD_OPTIONS) \
		$(if $(findstring parallel=,$(DEB_BUILD_OPTIONS)),,parallel=$(NPROC)))" \
		dpkg-buildpackage -us -uc -b

# the package installed, run and purged in a fresh Debian chroot (mmdebstrap)
package-check: deb
	tests/host/package-chroot.sh $(DEB_DIR)/rtlens_$(VERSION)_$(shell dpkg --print-architecture).deb

deps:
	scripts/setup.sh build

test-deps:
	scripts/setup.sh test

# build, then measure every CPU for a few seconds
demo:
	$(MAKE) rtlens
	./rtlens osnoise top -d 5 -q

clean:
	rm -rf build rtlens rtlens-san
