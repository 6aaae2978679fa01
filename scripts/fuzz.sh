#!/bin/sh
# Runs every fuzz target of the module for a bounded time each:
#   ./scripts/fuzz.sh [FUZZTIME]      (default 10s; make fuzz FUZZTIME=1m)
# Targets are found, not listed: any func FuzzXxx(*testing.F) in a test file
# of any package is picked up. A target that fails does not stop the others;
# the script exits 1 at the end, naming them. The failing input is kept by
# go test under the package's testdata/fuzz/FuzzXxx/, where `make test`
# replays it from then on: commit it with the fix.
# A run that Go itself fails at its deadline, writing no input, is not
# counted as a failure (see below).
# FUZZFLAGS adds flags to each go test run (for example -parallel=1).
set -u
t=${1:-10s}
cd "$(dirname "$0")/.."

failed=""
count=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
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
		corpus="$dir/testdata/fuzz/$target"
		before=$(ls "$corpus" 2>/dev/null)
		# shellcheck disable=SC2086
		# A short run spends most of its time minimizing a large corpus
		# entry unless minimization is bounded too.
		go test -run='^$' -fuzz="^${target}\$" -fuzztime="$t" -fuzzminimizetime=1s ${FUZZFLAGS:-} "$pkg" >"$log" 2>&1
		rc=$?
		cat "$log"
		[ "$rc" -eq 0 ] && continue
		# Go before 1.27 can fail a run as its -fuzztime ends, with only
		# "context deadline exceeded" and no failing input (its fuzzing
		# coordinator races its own deadline: golang/go#75804). A real
		# failure writes its input under testdata/fuzz.
		if [ "$(ls "$corpus" 2>/dev/null)" = "$before" ] && grep -qx '    context deadline exceeded' "$log"; then
			echo "fuzz: $target: Go's fuzzing coordinator reported its own deadline (golang/go#75804) and wrote no failing input; not a failure of $target"
			continue
		fi
		failed="$failed $pkg.$target"
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
