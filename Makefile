# The two commands a newcomer needs: `make test` and `make demo`.
SWIFT ?= swift
BUILD_FLAGS ?=

.PHONY: test demo build release bench bootstrap clean fuzz

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

# libFuzzer on the document decoder and the layouts (Fuzz/, docs/Limits.md): builds the
# harness with -sanitize=fuzzer and runs it for FUZZ_SECONDS from the committed seed corpus.
# New inputs go to .build-fuzz/corpus (not committed); a crasher is written to
# .build-fuzz/artifacts/ and fails the run: minimize it (`-minimize_crash=1`) and keep it in
# Tests/TrellisSpecTests/Fixtures/fuzz-crashers/.
FUZZ_SECONDS ?= 60
fuzz: bootstrap
	cd Fuzz && $(SWIFT) build -Xswiftc -sanitize=fuzzer
	mkdir -p .build-fuzz/corpus .build-fuzz/artifacts
	Fuzz/.build/debug/TrellisFuzz .build-fuzz/corpus Fuzz/corpus Tests/TrellisSpecTests/Fixtures/fuzz-crashers \
		-dict=Fuzz/trellis.dict -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=4096 \
		-artifact_prefix=.build-fuzz/artifacts/ -print_final_stats=1

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build .build-fuzz
