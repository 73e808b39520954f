# The two commands a newcomer needs: `make test` and `make demo`.
SWIFT ?= swift
BUILD_FLAGS ?=

.PHONY: test demo build release bench bootstrap clean

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build $(BUILD_FLAGS)

test: bootstrap
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)

release: bootstrap
	$(SWIFT) build -c release --product trellis

demo: release
	$$($(SWIFT) build -c release --show-bin-path)/trellis demo

# Benchmarks live in their own package (ordo-one/benchmark); see docs/Performance.md.
bench: bootstrap
	cd Benchmarks && $(SWIFT) package --allow-writing-to-directory .benchmarkBaselines benchmark

clean:
	rm -rf .build Benchmarks/.build
