#!/bin/sh
# Runs each fuzz target of the project for a bounded time: ./scripts/fuzz.sh 10s
set -eu
t=${1:-10s}
cd "$(dirname "$0")/.."
for pkg in $(go list ./...); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //'); do
		echo "fuzz $pkg $target ($t)"
		go test -run='^$' -fuzz="^${target}\$" -fuzztime="$t" "$pkg"
	done
done
