# Auspex build. `make run` and `make test` are the only set-up steps on a
# fresh Debian machine: missing system packages are installed here (as root)
# or the exact command is printed.

GO        ?= go
BIN       := bin/auspex
PKGS      := ./...
# System packages the window and the display tests need: a virtual X server
# and Mesa's software GL, plus the X client libraries ebiten loads at run time.
DISPLAY_PKGS := xvfb xauth libgl1 libgl1-mesa-dri libegl1 libx11-6 libxrandr2 \
                libxcursor1 libxi6 libxinerama1 libxxf86vm1 xdotool
BENCHTIME ?= 1s

.PHONY: all build run test test-unit test-display e2e bench lint fuzz soak simsoak deps-display clean screenshots

all: build

build:
	$(GO) build -o $(BIN) ./cmd/auspex

# deps-display installs what a window needs when it is missing.
deps-display:
	@missing=""; for p in $(DISPLAY_PKGS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing) >/dev/null || { echo "apt-get install failed for:$$missing" >&2; exit 1; }; \
	  else \
	    echo "Auspex needs these Debian packages:$$missing" >&2; \
	    echo "run: sudo apt-get update && sudo apt-get install -y$$missing" >&2; exit 1; \
	  fi; \
	fi

# run opens the window on the embedded default scenario. Without a display
# (no $$DISPLAY) it runs under a virtual X server so it still works headless.
run: build deps-display
	@if [ -n "$$DISPLAY" ]; then ./$(BIN) $(ARGS); else echo "no DISPLAY: running under xvfb-run"; xvfb-run -a -s "-screen 0 1600x1000x24" ./$(BIN) $(ARGS); fi

# test runs vet, the unit tests, and the display tests under a virtual X server.
test: deps-display lint
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -count=1 -timeout 15m $(PKGS)

# e2e runs only the end-to-end window tests (internal/e2e): the built
# binary driven with real X input (xdotool) under a virtual X server. make
# test runs them too, with every other package.
e2e: deps-display
	xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -count=1 -timeout 10m ./internal/e2e/

test-unit:
	$(GO) test -count=1 $(PKGS)

bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) ./world/... ./scenarios/... ./rules/... ./game/ ./render/... ./systems/atiiai/ ./systems/e40ksys/

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

# soak plays SOAK_GAMES random games per bundled ATII and E40K scenario and variant
# (the random-playout invariants of game/playout_test.go and
# systems/e40ksys/playout_test.go; `make test` plays
# a few).
SOAK_GAMES ?= 60
soak:
	AUSPEX_SOAK_GAMES=$(SOAK_GAMES) $(GO) test -count=1 -timeout 60m -run 'TestRandomPlayoutInvariants|TestRandomPlayoutE40KScenarios' ./game/ ./systems/e40ksys/

# simsoak plays SIM_GAMES games of every bundled scenario this build plays
# through `auspex sim --strict`, greedy against random (sides swapped) and
# random against random: it fails on a game stalled at the command cap, a
# controller failure or an illegal command (issue 10's 1000-game check:
# 16 scenarios x 2 x 32 games).
SIM_GAMES ?= 32
simsoak: build
	@set -e; for s in $$(./$(BIN) scenarios --names); do \
	  echo "== $$s"; \
	  ./$(BIN) sim bundled:$$s --games $(SIM_GAMES) --jobs 1 --p1 greedy --p2 random --swap --strict; \
	  ./$(BIN) sim bundled:$$s --games $(SIM_GAMES) --jobs 1 --p1 random --p2 random --strict; \
	done

# fuzz runs each fuzzer (scenario parser, the engine's save loader on its
# test ruleset, the real ATII save loader) for FUZZTIME.
FUZZTIME ?= 60s
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./scenarios/
	$(GO) test -run '^$$' -fuzz FuzzLoadSave -fuzztime $(FUZZTIME) ./rules/
	$(GO) test -run '^$$' -fuzz FuzzLoadATIISave -fuzztime $(FUZZTIME) ./game/

# screenshots regenerates the pictures in docs/img (exports headless, window
# shots under a virtual X server).
screenshots: build deps-display
	./$(BIN) render bundled:titan-duel -o docs/img/titan-duel.png
	./$(BIN) render bundled:titan-duel -o docs/img/titan-duel.svg
	./$(BIN) render bundled:atii-map-a -o docs/img/atii-map-a.png
	./$(BIN) render bundled:atii-map-c -o docs/img/atii-map-c.png
	AUSPEX_DOC_SHOTS=$(CURDIR)/docs/img xvfb-run -a -s "-screen 0 1600x1000x24" $(GO) test -count=1 -run DocScreenshots ./render/app/

clean:
	rm -rf bin
