#!/bin/sh
# make bench: installs hyperfine when missing, then runs the benchmark
# driver (bench/main.go), which builds hookrun and the floor, writes the
# hook sets to a temporary folder and prints medians and ratios.
set -eu
cd "$(dirname "$0")/.."
if ! command -v hyperfine >/dev/null 2>&1; then
	echo "bench: installing hyperfine" >&2
	if command -v apt-get >/dev/null 2>&1; then
		SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
		$SUDO apt-get install -y hyperfine >/dev/null 2>&1 || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y hyperfine >/dev/null; }
	elif command -v brew >/dev/null 2>&1; then
		brew install hyperfine
	else
		echo "bench: hyperfine is needed: https://github.com/sharkdp/hyperfine" >&2; exit 1
	fi
fi
go test -run '^$' -bench . -benchmem ./internal/... 
exec go run ./bench "$@"
