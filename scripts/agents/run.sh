#!/bin/sh
# make test-agents: the real agent CLIs against a mock model server.
#
# 1. Installs each agent pinned in scripts/agents/versions from npm, once:
#    into $HOOKRUN_AGENTS_CACHE (default $XDG_CACHE_HOME/hookrun/agents,
#    else ~/.cache/hookrun/agents), one directory per agent and version;
#    for OpenCode also @opencode-ai/plugin, which the sessions put in place
#    so that OpenCode does not install it at start (docs/agents/opencode.md).
# 2. Builds hookrun from this working tree, and the suite's test binary.
# 3. Runs the suite with no network but loopback (unshare -rn, lo up), so
#    an agent that tries any other connection fails; where unshare cannot
#    do that, the suite runs anyway and says it is not isolated.
#
# No node, no npm, or no registry: the suite is SKIPPED, loudly, and exits 0
# (HOOKRUN_AGENTS_REQUIRED=1 makes that exit 1). Flags after -- go to the
# test binary: scripts/agents/run.sh -- -test.run 'TestAgents/codex' -test.v
set -eu
cd "$(dirname "$0")/../.."
root=$(pwd)

skip() {
	echo "" >&2
	echo "make test-agents: SKIPPED: $*" >&2
	echo "" >&2
	if [ "${HOOKRUN_AGENTS_REQUIRED:-}" = 1 ]; then exit 1; fi
	exit 0
}

command -v node >/dev/null 2>&1 || skip "node is not installed (the agent CLIs are npm packages)"
command -v npm >/dev/null 2>&1 || skip "npm is not installed (the agent CLIs are npm packages)"
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 20 ] || skip "node $(node --version) is too old: the agent CLIs need node 20 or later"

# Cursor is supported but cannot be pinned: said at every run, never
# passed over in silence (docs/agents/cursor.md).
echo "test-agents: SKIPPED: cursor: Cursor's agent CLI is not published on npm, so no version of it is pinned or run here; its entries are checked by hookrun's own tests only" >&2

cache=${HOOKRUN_AGENTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hookrun/agents}
mkdir -p "$cache"

# Install what is not cached yet, all at once; each into a scratch
# directory renamed into place only when npm succeeded, so a broken
# install is never taken for a cached one.
missing=$(while read -r agent pkg version cmd; do
	case $agent in '' | '#'*) continue ;; esac
	[ -x "$cache/$agent-$version/node_modules/.bin/$cmd" ] || echo "$agent $pkg $version"
	# OpenCode installs @opencode-ai/plugin at its own version into each
	# of its configuration directories when it starts, and loads no plugin
	# until that is done; offline it waits minutes. The suite seeds those
	# directories from this install (docs/agents/opencode.md).
	if [ "$agent" = opencode ] && [ ! -f "$cache/opencode-plugin-$version/package-lock.json" ]; then
		echo "opencode-plugin @opencode-ai/plugin $version"
	fi
done <scripts/agents/versions)
if [ -n "$missing" ] && ! npm ping --fetch-retries=0 --fetch-timeout=15000 >/dev/null 2>&1; then
	skip "the npm registry ($(npm config get registry)) cannot be reached, and these are not installed yet:" $(echo "$missing" | cut -d' ' -f2,3 | tr ' ' @)
fi
pids=""
names="" # the installs in $pids, in the same order
while read -r agent pkg version; do
	[ -n "$agent" ] || continue
	dir=$cache/$agent-$version
	rm -rf "$dir.partial"
	echo "test-agents: installing $pkg@$version into $dir"
	(
		npm install --prefix "$dir.partial" --no-audit --no-fund --loglevel=error "$pkg@$version" \
			>"$dir.log" 2>&1 && rm -rf "$dir" && mv "$dir.partial" "$dir"
	) &
	pids="$pids $!"
	names="$names$agent-$version "
done <<EOF
$missing
EOF
failed=""
for pid in $pids; do
	name=${names%% *}
	names=${names#* }
	wait "$pid" || failed="$failed $name"
done
if [ -n "$failed" ]; then
	for f in $failed; do
		echo "test-agents: npm install of $f failed; the end of its log, $cache/$f.log:" >&2
		tail -n 20 "$cache/$f.log" >&2
	done
	exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/hookrun-agents.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
CGO_ENABLED=0 go build -o "$work/bin/hookrun" ./cmd/hookrun
go test -c -o "$work/agents.test" ./scripts/agents

export HOOKRUN_AGENTS_CACHE="$cache" HOOKRUN_AGENTS_HOOKRUN="$work/bin/hookrun"
# A hang detector, not a speed target: on a quiet machine the whole of
# .ci/run, this suite included, takes about 19 minutes; at a load of 30 on
# 2 CPUs this suite alone passed 20 minutes mid-session. 45 minutes keeps
# .ci/run inside its 90.
timeout=45m
[ "${1:-}" = -- ] && shift
cd "$root/scripts/agents"
if unshare -rn sh -c 'ip link set lo up' >/dev/null 2>&1; then
	export HOOKRUN_AGENTS_ISOLATED=1
	unshare -rn sh -c 'ip link set lo up && exec "$@"' sh "$work/agents.test" -test.timeout "$timeout" "$@"
else
	echo "test-agents: NOT ISOLATED: unshare -rn does not work here, so a connection an agent makes beyond the mock model is not refused" >&2
	"$work/agents.test" -test.timeout "$timeout" "$@"
fi
