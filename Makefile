# The two commands a newcomer needs: `make test` and `make demo`.
SWIFT ?= swift
BUILD_FLAGS ?=

.PHONY: test test-wayland wayland-window-tests demo build release bench bootstrap clean core-check tsan fuzz docs

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build $(BUILD_FLAGS)

# Every check CI runs: the public API recorded in docs/api/ (scripts/check-public-api),
# the compiler's isolation rules, the pure core's build with no
# system library, the DocC catalogs with warnings as errors, the thread-safety suites under ThreadSanitizer, then every test (last,
# so the run ends with the whole suite's count). The window tests (TrellisCLITests/Window*)
# need an X server: the tests run under xvfb-run, or without one (the window tests then
# say why they are skipped) when no virtual X server can start here.
XVFB_RUN = xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp"
# The suites that open windows (TrellisWindow).
WINDOW_SUITES = WindowShowTests|WindowThemeTests|WindowTextScaleTests|WindowHorizontalScrollingTests|WindowArticleAppTests|WindowAccessibilityTests|WindowDragTests
# The longest window test (every frame pair of 7 scenes, GTK's animations on and off): it runs
# on an X server of its own, beside the other window suites on another, so each window is
# still alone with the pointer and the focus of its server. SwiftPM's lock on .build would
# make the second `swift test` wait for the first; with --skip-build both only read the tests
# built, so the lock is left out (--ignore-lock).
WINDOW_STABILITY = WindowShowTests/everyVisibleItemMovesWithTheScroll
test: bootstrap
	scripts/check-path-case
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	scripts/check-public-api
	scripts/check-isolation
	$(MAKE) --no-print-directory core-check
	$(MAKE) --no-print-directory docs
	$(MAKE) --no-print-directory tsan
	@if command -v xvfb-run >/dev/null && $(XVFB_RUN) true 2>/dev/null; then \
	    echo "make test: the window tests first, on their own and one at a time on each of two X servers (real input goes to whichever window has the pointer or the focus: beside the whole suite clicks were lost, beside another window a window was not found), then every other test"; \
	    stability_log=$$(mktemp); \
	    $(XVFB_RUN) $(SWIFT) test --skip-build --ignore-lock --no-parallel --filter '$(WINDOW_STABILITY)' $(BUILD_FLAGS) >"$$stability_log" 2>&1 & stability=$$!; \
	    sleep 3; \
	    $(XVFB_RUN) $(SWIFT) test --skip-build --ignore-lock --no-parallel --filter '$(WINDOW_SUITES)' --skip '$(WINDOW_STABILITY)' $(BUILD_FLAGS); others=$$?; \
	    wait $$stability; stable=$$?; \
	    echo "make test: the stability window test, run beside the other window suites on its own X server:"; \
	    cat "$$stability_log"; rm -f "$$stability_log"; \
	    [ $$others = 0 ] && [ $$stable = 0 ] && \
	    $(XVFB_RUN) $(SWIFT) test --skip-build --skip '$(WINDOW_SUITES)' $(BUILD_FLAGS) && \
	    $(MAKE) --no-print-directory wayland-window-tests; \
	else \
	    echo "make test: no X server can start here (xvfb-run missing or failing): the window tests are skipped"; \
	    $(SWIFT) test --skip-build $(BUILD_FLAGS); \
	fi

# The window on Wayland (WaylandWindowTests, docs/GTK.md "Wayland"): `trellis show` and `gallery`
# under Weston's headless backend, scrolled through the tool's test hook (xdotool and xwd
# are X11 only).
# Part of `make test` (about 25 s) when weston is installed.
test-wayland: bootstrap
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(MAKE) --no-print-directory wayland-window-tests

wayland-window-tests:
	@if command -v weston >/dev/null; then \
	    SWIFT=$(SWIFT) scripts/wayland-window-tests $(BUILD_FLAGS); \
	else \
	    echo "make test: weston is not installed (scripts/bootstrap installs it): the Wayland window tests are skipped"; \
	fi

# The Swift runtime and Foundation linked in statically: 14 fewer shared libraries for the
# dynamic loader to bind at every start (~6 ms of a window's first frame, docs/perf/gtk.md).
release: bootstrap
	$(SWIFT) build -c release --static-swift-stdlib --product trellis

demo: release
	$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/trellis demo

# Benchmarks live in their own package (ordo-one/benchmark); see docs/Performance.md.
bench: bootstrap
	cd Benchmarks && $(SWIFT) package --allow-writing-to-directory .benchmarkBaselines benchmark

# libFuzzer on the document decoder and the layouts (Fuzz/, docs/Limits.md): builds the
# harness with -sanitize=fuzzer and runs it for FUZZ_SECONDS from the committed seed corpus.
# New inputs go to .build-fuzz/corpus (not committed); a crasher is written to
# .build-fuzz/artifacts/ and fails the run: minimize it (`-minimize_crash=1`) and keep it in
# Tests/TrellisSpecTests/Fixtures/fuzz-crashers/.
# Time and memory are watched per input: one that runs past FUZZ_TIMEOUT seconds (a hang) or
# whose process passes FUZZ_RSS_MB (or a single allocation of that size: a blow-up) is a
# crasher too; one slower than FUZZ_SLOW_SECONDS is reported ("Slowest unit") and saved as
# .build-fuzz/artifacts/slow-unit-*, and the final stats give the slowest time and peak RSS.
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 10
FUZZ_RSS_MB ?= 2048
FUZZ_SLOW_SECONDS ?= 2
fuzz: bootstrap
	cd Fuzz && $(SWIFT) build -Xswiftc -sanitize=fuzzer
	mkdir -p .build-fuzz/corpus .build-fuzz/artifacts
	Fuzz/.build/debug/TrellisFuzz .build-fuzz/corpus Fuzz/corpus Tests/TrellisSpecTests/Fixtures/fuzz-crashers \
		-dict=Fuzz/trellis.dict -max_total_time=$(FUZZ_SECONDS) \
		-timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=$(FUZZ_RSS_MB) -malloc_limit_mb=$(FUZZ_RSS_MB) -report_slow_units=$(FUZZ_SLOW_SECONDS) \
		-artifact_prefix=.build-fuzz/artifacts/ -print_final_stats=1

# DocC for every public module (catalogs in Sources/<Module>/<Module>.docc), warnings as
# errors: a broken symbol link or an unknown symbol in an article fails the build.
DOC_TARGETS = Trellis Cassowary TrellisText TrellisKit TrellisPango TrellisRender TrellisSpec TrellisGTK
docs: bootstrap
	@mkdir -p .build/docs && for target in $(DOC_TARGETS); do \
	    $(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$target \
	        --warnings-as-errors --output-path .build/docs/$$target || { echo "docs: $$target failed" >&2; exit 1; }; \
	done && echo "docs: $(DOC_TARGETS) built into .build/docs"

clean:
	rm -rf .build .build-core .build-tsan .build-fuzz Benchmarks/.build Fuzz/.build

# The pure core (Trellis, Cassowary, TrellisText, TrellisKit) must build with no system
# library: a separate scratch path, and a pkg-config that finds nothing, so a core target
# that reached for Pango, Cairo or GTK would fail to find its headers here.
CORE_PRODUCTS = Trellis Cassowary TrellisText TrellisKit
core-check:
	@empty=$$(mktemp -d) && for target in $(CORE_PRODUCTS); do \
	    PKG_CONFIG_PATH=$$empty PKG_CONFIG_LIBDIR=$$empty $(SWIFT) build --scratch-path .build-core --target $$target \
	        || { echo "core-check: $$target needs a system library" >&2; exit 1; }; \
	done && scripts/check-core-imports && echo "core-check: $(CORE_PRODUCTS) build with no system library"

# ThreadSanitizer over every suite named "ThreadSafety…": layouts, solvers, the shared
# measurers and collection views on several threads at once (docs/Concurrency.md).
tsan: bootstrap
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan $(BUILD_FLAGS)
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	    $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter ThreadSafety $(BUILD_FLAGS)
