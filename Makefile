# hookrun: a newcomer's targets. `make test` is what CI runs.
GO       ?= go
BIN      ?= bin/hookrun
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS  := -s -w -X main.version=$(VERSION)
FUZZTIME ?= 10s

.PHONY: all build install test lint fuzz fuzz-smoke bench clean

all: build

# Static (no cgo): hookrun starts faster without the dynamic loader, and
# runs anywhere.
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/hookrun

install:
	CGO_ENABLED=0 $(GO) install -trimpath -ldflags '$(LDFLAGS)' ./cmd/hookrun

## test: vet, then every unit test and CLI script with the race detector
test:
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$unformatted" ]; then echo "not gofmt-formatted:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

## fuzz: run every fuzz target for FUZZTIME each (make fuzz FUZZTIME=1m)
fuzz:
	@./scripts/fuzz.sh $(FUZZTIME)

bench:
	@./scripts/bench.sh

clean:
	rm -rf bin
