# nakedblog — the two commands are `make demo` and `make test`.
SWIFT ?= swift
BUILD_FLAGS ?=
SETUP := scripts/setup.sh

.PHONY: all setup build demo test bench clean help

all: build

help:
	@echo "make demo   install what is missing, build, and run nakedblog on the bundled demo blog"
	@echo "make test   install what is missing, build, and run every test"
	@echo "make bench  build in release mode and print the benchmark table"
	@echo "make build  build (debug)"

setup:
	@$(SETUP)

build: setup
	$(SWIFT) build $(BUILD_FLAGS)

demo: build
	@scripts/demo.sh

test: build
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing $(BUILD_FLAGS)

bench: setup
	$(SWIFT) build -c release --product nakedblog-bench
	$(SWIFT) build -c release --product nakedblog
	.build/release/nakedblog-bench

clean:
	rm -rf .build
