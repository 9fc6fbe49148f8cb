# nakedblog — the two commands are `make demo` and `make test`.
SWIFT ?= swift
BUILD_FLAGS ?=
SETUP := scripts/setup.sh

.PHONY: all setup build release demo test bench clean help

all: build

help:
	@echo "make demo   install what is missing, build, and run nakedblog on the bundled demo blog"
	@echo "make test   install what is missing, build, and run every test"
	@echo "make bench  build in release mode and print the benchmark table"
	@echo "make build  build (debug)"
	@echo "make release  static release binary in .build-release/release/nakedblog"

setup:
	@$(SETUP)

build: setup
	$(SWIFT) build $(BUILD_FLAGS)

demo: build
	@scripts/demo.sh

test: build
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing $(BUILD_FLAGS)

# Release builds link the Swift runtime and Foundation statically (half the start-up time, and a
# binary that runs without the toolchain); they live in their own build directory.
RELEASE_FLAGS ?= -c release -Xswiftc -static-stdlib --scratch-path .build-release

release: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product nakedblog
	@echo "built .build-release/release/nakedblog"

bench: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product nakedblog-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product nakedblog
	.build-release/release/nakedblog-bench $(BENCH_ARGS)

clean:
	rm -rf .build .build-release
