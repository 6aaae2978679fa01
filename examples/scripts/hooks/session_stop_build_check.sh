#!/bin/sh
# session_stop_build_check (SessionStop, not blocking): for every service
# or app the session changed (services/NAME/..., apps/NAME/...), run its
# check.sh when it has one, and summarize the failures for the people who
# will read them (user_message). SessionStop is infra-only: nothing here
# changes the session that ended.
#
# POSIX sh and awk only. hookrun hands changed_files to the handler as
# $HOOKRUN_CHANGED_FILES, one per line (nothing here parses JSON), and runs
# this from the project root.
set -eu
cat >/dev/null # the context on stdin: changed_files is in the variable

# The components under services/ and apps/ named in changed_files, once
# each, in order.
components=$(printf '%s\n' "$HOOKRUN_CHANGED_FILES" | awk '{
	p = $0; sub(/^\.\//, "", p)
	if (split(p, seg, "/") >= 3 && (seg[1] == "services" || seg[1] == "apps")) {
		c = seg[1] "/" seg[2]
		if (!(c in seen)) { seen[c] = 1; print c }
	}
}')

. "$HOOKRUN_PROJECT_DIR/scripts/hooks/lib/json_string.sh"

logs= failed= summary=
for c in $components; do
	if [ ! -f "$c/check.sh" ]; then
		logs="$logs${logs:+,}\"session_stop_build_check: $c has no check.sh; nothing to run\""
		continue
	fi
	if out=$(cd "$c" && sh ./check.sh 2>&1); then
		logs="$logs${logs:+,}\"session_stop_build_check: $c check passed\""
	else
		failed="$failed${failed:+, }$c"
		tail=$(printf '%s\n' "$out" | tail -n 5 | json_string)
		summary="$summary${summary:+\\n\\n}$c: check.sh failed:\\n$tail"
		logs="$logs${logs:+,}\"session_stop_build_check: $c check failed\""
	fi
done

if [ -n "$failed" ]; then
	printf '{"logs":[%s],"user_message":"Build checks failed for %s.\\n\\n%s"}\n' "$logs" "$failed" "$summary"
else
	printf '{"logs":[%s]}\n' "$logs"
fi
