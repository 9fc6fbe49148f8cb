# nakedblog — the two commands are `make demo` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
# toml++ (inside TOMLKit) asserts on some malformed TOML dates instead of reporting an error:
# NDEBUG turns those asserts off so bad input gets our message, not an abort (see DECISIONS).
CXX_FLAGS := -Xcxx -DNDEBUG
BUILD_FLAGS ?= $(CXX_FLAGS)
SETUP := scripts/setup.sh

.PHONY: all setup build release install uninstall deb demo test test-user mutate bench fuzz check-sanitizers clean help format lint

all: build

help:
	@echo "make demo   install what is missing, build, and run nakedblog on the bundled demo blog"
	@echo "make test   install what is missing, build, and run every test (ends with the skip count and reasons)"
	@echo "make test-user  as root: the same tests as the unprivileged user nakedblog-test"
	@echo "make mutate  the mutation gate: break each rule in Tests/Mutations/ in a scratch copy; a test must notice"
	@echo "make bench  build in release mode and print the benchmark table"
	@echo "make build  build (debug)"
	@echo "make release  static release binary in .build-release/release/nakedblog"
	@echo "make install  the release build under PREFIX (default /usr/local; DESTDIR to stage): binary, files, man pages, completions"
	@echo "make uninstall  what make install put under PREFIX"
	@echo "make deb     a .deb of the release build for this Debian release (.build-release/nakedblog_VERSION_ARCH.deb)"
	@echo "make fuzz   libFuzzer on front matter, preview and key decoding (FUZZ_SECONDS each, default 200)"
	@echo "make check-sanitizers  every test under the address sanitizer"
	@echo "make format  rewrite the Swift sources as .swift-format says (the toolchain's swift format)"
	@echo "make lint   check the Swift sources against .swift-format (CI runs it)"

setup:
	@$(SETUP)

# libnakedblog-highlight.so (GNU Source-highlight, opened on first use) goes beside the binaries,
# and the shipped folders are linked where the binaries look for them (../share/nakedblog).
build: setup
	$(SWIFT) build $(BUILD_FLAGS)
	$(SWIFT) build $(BUILD_FLAGS) --product generate-manual
	@scripts/build-highlight.sh .build/debug
	@scripts/link-shipped.sh .build/debug

demo: build
	@scripts/demo.sh

# swift test's output is kept in .build/test-output.log; the last lines count the skips by reason
# (scripts/test-summary.sh; `.ci/run` fails on a skip for anything but privilege).
test: build
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	@scripts/test-leftovers.sh start
	@status=0; HUGO_CACHEDIR=$(CURDIR)/.build/hugo-cache $(SWIFT) test --skip-build --disable-swift-testing $(BUILD_FLAGS) 2>&1 | tee .build/test-output.log; \
	status=$${PIPESTATUS[0]}; scripts/test-leftovers.sh check || status=1; scripts/test-summary.sh .build/test-output.log || status=1; \
	exit $$status

# The mutation gate (Tests/Mutations/README.md): each listed rule broken in a scratch copy
# (.build/mutate/src, incremental between runs), its tests run; fails when one survives.
mutate: build
	@scripts/mutate.py $(MUTATE_FLAGS)

test-user: build
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	@scripts/test-user.sh $(BUILD_FLAGS)

# Release builds link the Swift runtime and Foundation statically (half the start-up time, and a
# binary that runs without the toolchain), with the toolchain's lld packing the 84,000 relative
# relocations (DT_RELR: 2 MB of relocation records become 16 KB, read at every start); they live in
# their own build directory.
RELEASE_FLAGS ?= -c release -Xswiftc -static-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	$(CXX_FLAGS) --scratch-path .build-release

release: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product nakedblog
	$(SWIFT) build $(RELEASE_FLAGS) --product nakedblog-image
	$(SWIFT) build $(RELEASE_FLAGS) --product generate-manual
	@scripts/build-highlight.sh .build-release/release
	@scripts/link-shipped.sh .build-release/release
	@echo "built .build-release/release/nakedblog (and libnakedblog-highlight.so beside it)"

PREFIX ?= /usr/local
install: release
	@PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install.sh install .build-release/release

uninstall:
	@PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install.sh uninstall

deb: release
	@scripts/deb.sh

bench: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product nakedblog-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product nakedblog
	$(SWIFT) build $(RELEASE_FLAGS) --product nakedblog-image
	@scripts/build-highlight.sh .build-release/release
	@scripts/link-shipped.sh .build-release/release
	.build-release/release/nakedblog-bench $(BENCH_ARGS)


# The toolchain's swift format with the checkout's .swift-format (line length 120, four spaces).
FORMATTED = Sources Tests Fuzz Package.swift
format:
	$(SWIFT) format -i -r $(FORMATTED)

lint:
	$(SWIFT) format lint --strict -r $(FORMATTED)
	@scripts/mutate.py --check

clean:
	rm -rf .build .build-release .build-fuzz .build-asan

# libFuzzer targets (Fuzz/): built with -sanitize=fuzzer,address and lld, each run FUZZ_SECONDS;
# seeds come from ../shared/corpus and the tests' fixtures; any crash fails the run and is kept
# in Fuzz/crashes/ (turn it into a regression test).
FUZZ_SECONDS ?= 200
fuzz: setup
	cd Fuzz && $(SWIFT) build $(CXX_FLAGS) -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --scratch-path ../.build-fuzz
	scripts/fuzz.sh $(FUZZ_SECONDS)

# The whole test suite with the address sanitizer (its own build directory).
check-sanitizers: setup
	$(SWIFT) build --build-tests $(CXX_FLAGS) -Xswiftc -sanitize=address --scratch-path .build-asan
	@scripts/build-highlight.sh .build-asan/debug
	@scripts/link-shipped.sh .build-asan/debug
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --disable-swift-testing $(CXX_FLAGS) -Xswiftc -sanitize=address --scratch-path .build-asan
