# hookrun: a newcomer's targets. `make test` is what CI runs.
GO       ?= go
BIN      ?= bin/hookrun
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS  := -s -w -X main.version=$(VERSION)
FUZZTIME ?= 10s

.PHONY: all build install test test-agents lint cross-check docs dist dist-check npm npm-check action-check fuzz fuzz-smoke bench opa-check clean

all: build

# Go 1.26's default garbage collector (Green Tea) keeps a span's mark bits
# in the span's last bytes, so a process that lives a few milliseconds
# touches a second page of almost every span it allocates from: the older
# collector took 20 to 38 of an emit's 480 to 520 page faults
# (docs/performance.md). Opted out only while the toolchain still offers it.
GOEXP    := $(shell GOEXPERIMENT=nogreenteagc $(GO) env GOEXPERIMENT >/dev/null 2>&1 && echo nogreenteagc)

# Static (no cgo): hookrun starts faster without the dynamic loader, and
# runs anywhere.
build:
	CGO_ENABLED=0 GOEXPERIMENT=$(GOEXP) $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/hookrun

install:
	CGO_ENABLED=0 GOEXPERIMENT=$(GOEXP) $(GO) install -trimpath -ldflags '$(LDFLAGS)' ./cmd/hookrun

# The race detector needs cgo, and cgo a C compiler: without one, make test
# still runs every test, and says it could not look for races.
RACE := $(shell [ "$$($(GO) env CGO_ENABLED)" = 1 ] && echo -race)

# -timeout: go test's default of 10 minutes per package is a hang detector,
# and on a loaded CI machine cmd/hookrun's scripts alone took longer.
## test: vet, then every unit test and CLI script (with the race detector when cgo is available)
test:
	$(GO) vet ./...
	@[ -n "$(RACE)" ] || echo "make test: cgo is off (no C compiler, or CGO_ENABLED=0), so no race detector: go test -race needs cgo"
	$(GO) test $(RACE) -count=1 -timeout 30m ./...

## test-agents: the real agent CLIs (scripts/agents/versions, from npm, cached) against a mock model; SKIPPED without node, npm or the registry
test-agents:
	./scripts/agents/run.sh

# staticcheck is pinned and run with go run: no install step, the same
# version everywhere.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

## lint: gofmt, vet and staticcheck, then cross-check
lint: cross-check
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "not gofmt-formatted:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Windows and macOS builds cannot run here (no Wine, no Mac): they are
# vetted, built, and every test binary compiled, so platform files that
# no longer compile fail CI on Linux. Each run has its own scratch
# directory: two make lint at once must not remove each other's.
## cross-check: vet, build and compile the tests for windows and darwin; staticcheck the windows files
cross-check:
	@tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/hookrun-cross.XXXXXX") && trap 'rm -rf "$$tmp"' EXIT && \
	for os in windows darwin; do \
		echo "cross-check: GOOS=$$os go vet ./..., go build ./cmd/hookrun, go test -c ./..."; \
		GOOS=$$os $(GO) vet ./... || exit 1; \
		GOOS=$$os CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/hookrun || exit 1; \
		rm -rf "$$tmp/$$os" && mkdir -p "$$tmp/$$os" && \
		GOOS=$$os CGO_ENABLED=0 $(GO) test -c -o "$$tmp/$$os/" ./... >/dev/null || exit 1; \
		echo "cross-check: $$os: $$(ls "$$tmp/$$os" | wc -l) test binaries compiled, none run"; \
	done && \
	echo "GOBIN=$$tmp/bin $(GO) install $(STATICCHECK)" && GOBIN="$$tmp/bin" $(GO) install $(STATICCHECK) && \
	echo "GOOS=windows staticcheck ./..." && GOOS=windows "$$tmp/bin/staticcheck" ./...

## docs: regenerate the command reference in docs/cli from the commands' help
docs:
	$(GO) test ./cmd/hookrun -run '^TestCLIDocs$$' -count=1 -args -update

## fuzz: run every fuzz target for FUZZTIME each (make fuzz FUZZTIME=1m)
fuzz:
	@./scripts/fuzz.sh $(FUZZTIME)

bench:
	@./scripts/bench.sh

## opa-check: the http handler against a real OPA server (builds opa once from the Go module proxy)
opa-check:
	@./scripts/opa.sh

## dist: release archives for every platform (binary, README.md, LICENSE, THIRD_PARTY_LICENSES), and SHA256SUMS, in dist/ (reproducible)
dist:
	$(GO) run ./scripts/dist -out dist
	$(GO) run ./scripts/dist -check dist

# dist-check's platforms: this machine's (for npm-check and action-check),
# both Windows ones, whose archives are zips, and darwin/arm64 (action-check
# simulates a macOS runner with it).
DIST_CHECK_TARGETS ?= linux/amd64,windows/amd64,windows/arm64,darwin/arm64

## dist-check: build archives (linux/amd64, darwin/arm64 and both windows ones) twice and require the same bytes, and each archive's members
dist-check:
	@rm -rf $${TMPDIR:-/tmp}/hookrun-dist-a $${TMPDIR:-/tmp}/hookrun-dist-b
	$(GO) run ./scripts/dist -targets $(DIST_CHECK_TARGETS) -out $${TMPDIR:-/tmp}/hookrun-dist-a
	$(GO) run ./scripts/dist -check $${TMPDIR:-/tmp}/hookrun-dist-a
	$(GO) run ./scripts/dist -targets $(DIST_CHECK_TARGETS) -out $${TMPDIR:-/tmp}/hookrun-dist-b
	cmp $${TMPDIR:-/tmp}/hookrun-dist-a/SHA256SUMS $${TMPDIR:-/tmp}/hookrun-dist-b/SHA256SUMS
	@echo "dist-check: two builds of this commit are byte-identical"

## npm: the npm packages (hookrun and @hookrun/OS-ARCH), packed into dist/npm/ from make dist's archives
npm: dist
	./npm/build.sh dist

## npm-check: pack the packages from dist-check's archive and install them offline into a scratch project
npm-check: dist-check
	./npm/build.sh $${TMPDIR:-/tmp}/hookrun-dist-a
	./npm/test.sh $${TMPDIR:-/tmp}/hookrun-dist-a

## action-check: the GitHub Action's shell steps against dist-check's archives as a local release (Windows and macOS runners simulated)
action-check: dist-check
	./action/test.sh $${TMPDIR:-/tmp}/hookrun-dist-a

clean:
	rm -rf bin
