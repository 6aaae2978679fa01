#!/bin/sh
# Runs every fuzz target of the module for a bounded time each:
#   ./scripts/fuzz.sh [FUZZTIME]      (default 10s; make fuzz FUZZTIME=1m)
# Targets are found, not listed: any func FuzzXxx(*testing.F) in a test file
# of any package is picked up. A target that fails does not stop the others;
# the script exits 1 at the end, naming them. The failing input is kept by
# go test under the package's testdata/fuzz/FuzzXxx/, where `make test`
# replays it from then on: commit it with the fix.
# FUZZFLAGS adds flags to each go test run (for example -parallel=1).
set -u
t=${1:-10s}
cd "$(dirname "$0")/.."

failed=""
count=0
for pkg in $(go list ./...); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	# Cheap filter first; go test -list then names the targets that really
	# build in this package (build tags, renamed files).
	grep -qs '^func Fuzz' "$dir"/*_test.go || continue
	targets=$(go test -list '^Fuzz' "$pkg" | grep '^Fuzz') || {
		echo "fuzz: cannot list the fuzz targets of $pkg" >&2
		failed="$failed $pkg"
		continue
	}
	for target in $targets; do
		count=$((count + 1))
		echo "fuzz: $pkg $target for $t"
		# shellcheck disable=SC2086
		# A short run spends most of its time minimizing a large corpus
		# entry unless minimization is bounded too.
		if ! go test -run='^$' -fuzz="^${target}\$" -fuzztime="$t" -fuzzminimizetime=1s ${FUZZFLAGS:-} "$pkg"; then
			failed="$failed $pkg.$target"
		fi
	done
done

if [ "$count" -eq 0 ]; then
	echo "fuzz: no fuzz targets found" >&2
	exit 1
fi
if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed" >&2
	exit 1
fi
echo "fuzz: all $count fuzz targets passed"
