#!/bin/sh
# Runs each runtime example whose interpreter this machine has (Python 3,
# Node.js, POSIX sh) on a scratch copy of examples/, and compares what it
# prints with transcript.txt. A missing interpreter is skipped with a
# message, never failed. HOOKRUN names the binary to use; by default one is
# built from this checkout.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
examples=$(dirname "$here")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "${HOOKRUN:-}" ]; then
	(cd "$examples/.." && go build -o "$tmp/hookrun" ./cmd/hookrun)
	HOOKRUN=$tmp/hookrun
fi
export HOOKRUN

status=0
for runtime in "python3 agent.py" "node agent.js" "sh agent.sh"; do
	set -- $runtime
	if ! command -v "$1" >/dev/null 2>&1; then
		echo "skip  $2: $1 is not installed"
		continue
	fi
	rm -rf "$tmp/examples"
	cp -R "$examples" "$tmp/examples"
	rm -rf "$tmp/examples/.system/logs" "$tmp/examples/.system/cache"
	if "$1" "$tmp/examples/runtimes/$2" >"$tmp/out.txt" 2>"$tmp/err.txt" &&
		cmp -s "$tmp/out.txt" "$here/transcript.txt"; then
		echo "ok    $2 ($1)"
	else
		echo "FAIL  $2 ($1): its transcript differs from runtimes/transcript.txt"
		diff "$here/transcript.txt" "$tmp/out.txt" || true
		cat "$tmp/err.txt"
		status=1
	fi
done
exit $status
