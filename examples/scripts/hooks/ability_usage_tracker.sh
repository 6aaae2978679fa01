#!/bin/sh
# ability_usage_tracker (PostAbilityCall, not blocking): count every ability
# call in .system/cache/ability_usage.json (calls, failures, total time,
# last status per ability), and append calls slower than SLOW_MS (set in
# the declaration's handler.env) to .system/logs/slow_abilities.log.
#
# POSIX sh and awk only. hookrun hands the context's fields to the handler
# as HOOKRUN_* variables (nothing here parses JSON) and runs it from the
# project root.
set -eu
cat >/dev/null # the context on stdin: everything needed is in the variables

# The id goes into JSON (the cache, the answer), so it is escaped for it.
. "$HOOKRUN_PROJECT_DIR/scripts/hooks/lib/json_string.sh"
ability=$(printf '%s' "$HOOKRUN_ABILITY_ID" | json_string)
status=$HOOKRUN_STATUS # success, failure, ...: one of the context's statuses
duration=$HOOKRUN_DURATION_MS

cache=.system/cache/ability_usage.json
lock=$cache.lock
mkdir -p .system/cache

# Concurrent emits must not lose a count: mkdir is atomic, so the lock is
# a directory. Waits are a tenth of a second where sleep takes fractions
# (POSIX promises only whole seconds); a lock left by a killed run is
# reported after about 20 s.
waited=0 # tenths of a second
until mkdir "$lock" 2>/dev/null; do
	if [ "$waited" -ge 200 ]; then
		echo "ability_usage_tracker: $lock is held; remove it if no hookrun is running" >&2
		exit 1
	fi
	if sleep 0.1 2>/dev/null; then
		waited=$((waited + 1))
	else
		sleep 1
		waited=$((waited + 10))
	fi
done
trap 'rmdir "$lock" 2>/dev/null' EXIT
trap 'exit 1' INT TERM

# One ability per line keeps the file both JSON and easy to rewrite here.
calls=$({ [ -f "$cache" ] && cat "$cache"; } | awk -v id="$ability" -v st="$status" -v dur="${duration:-0}" -v out="$cache.tmp" '
	function field(line, name,    v) {
		v = line; sub(".*\"" name "\": ", "", v); sub(/[,}].*/, "", v); gsub(/"/, "", v); return v
	}
	/^  "/ {
		line = $0; name = substr(line, 4); sub(/".*/, "", name)
		n++; ids[n] = name; c[n] = field(line, "calls"); f[n] = field(line, "failures")
		t[n] = field(line, "total_ms"); l[n] = field(line, "last_status")
		if (name == id) at = n
	}
	END {
		if (!at) { n++; at = n; ids[n] = id; c[n] = 0; f[n] = 0; t[n] = 0 }
		c[at]++; if (st == "failure") f[at]++; t[at] += dur; l[at] = st
		print "{" > out
		for (i = 1; i <= n; i++)
			printf "  \"%s\": {\"calls\": %d, \"failures\": %d, \"total_ms\": %d, \"last_status\": \"%s\"}%s\n",
				ids[i], c[i], f[i], t[i], l[i], (i < n ? "," : "") > out
		print "}" > out
		print c[at]
	}')
mv "$cache.tmp" "$cache"

slow=
if [ -n "$duration" ] && awk -v d="$duration" -v s="${SLOW_MS:-1000}" 'BEGIN { exit !(d + 0 >= s + 0) }'; then
	mkdir -p .system/logs
	printf '%s %s %sms %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$ability" "$duration" "$status" >>.system/logs/slow_abilities.log
	slow=", slow (>= ${SLOW_MS:-1000}ms)"
fi
printf '{"usage_recorded":true,"logs":["ability_usage_tracker: %s call %s, %s%s"]}\n' "$ability" "$calls" "$status" "$slow"
