#!/bin/sh
# How an agent runtime calls hookrun, in POSIX sh.
#
# One hookrun process per event: the context goes in as JSON on stdin, the
# exit code says what to do (0 allow, 2 deny, 3 ask a human, 1 hookrun
# could not judge: no hook ran), and stdout holds the merged result for
# the details. A shell runtime can act on the exit code alone; the few
# fields printed here are read with awk (use jq where you have it).
#
# The session below runs against the hook set of examples/ (this file's
# parent directory). HOOKRUN names the binary; default: hookrun on PATH.
set -u
cd "$(dirname "$0")/.." || exit 1
HOOKRUN=${HOOKRUN:-hookrun}
errs=$(mktemp) || exit 1
trap 'rm -f "$errs"' EXIT
. scripts/hooks/lib/json_string.sh

# str VALUE prints VALUE as a JSON string. A value the agent chose (a path,
# a command) spliced into the context raw could close the string and add
# fields of its own.
str() { printf '"%s"' "$(printf '%s' "$1" | json_string)"; }

# emit EVENT CONTEXT runs the hooks of one event; it sets decision (empty
# when hookrun could not do its job) and result.
emit() {
	if result=$(printf '%s\n' "$2" | "$HOOKRUN" emit "$1" 2>"$errs"); then code=0; else code=$?; fi
	case $code in
	0) decision=allow ;;
	2) decision=deny ;;
	3) decision=require_human ;;
	*) decision= && cat "$errs" >&2 ;;
	esac
}

# field NAME prints the first string field NAME of hookrun's result, as
# JSON writes it. This reads hookrun's own output, not a context: the
# merged result is one line whose top-level reason comes before
# hook_signals, and additional_context before user_messages, so the first
# one is the top-level one. (Handlers never need this: hookrun hands them
# the context's fields as HOOKRUN_* variables.)
field() {
	printf '%s\n' "$result" | awk -v key="\"$1\":\"" '{
		i = index($0, key); if (!i) exit
		s = substr($0, i + length(key)); out = ""
		while (s != "") {
			c = substr(s, 1, 1)
			if (c == "\\") { out = out substr(s, 1, 2); s = substr(s, 3); continue }
			if (c == "\"") break
			out = out c; s = substr(s, 2)
		}
		print out
	}'
}

# first_log prints the first entry of the result's logs.
first_log() {
	printf '%s\n' "$result" | sed -n 's/.*"logs":\["\([^"]*\)".*/\1/p'
}

# run_ability ABILITY ARGS: the Tool Runner's task.run: guard, run, record.
run_ability() {
	emit PreAbilityCall "{\"session_id\":\"sess-1\",\"ability_id\":$(str "$1"),\"args_summary\":$(str "$2"),\"paths\":[$(str "$2")],\"caller\":{\"source\":\"ai_session\"}}"
	if [ -z "$decision" ]; then
		# A guard that cannot be checked must not be skipped: fail closed.
		echo "PreAbilityCall $1 ($2): hookrun error, exit 1"
		echo "  not running $1: a guard that cannot be checked counts as a deny"
		return
	fi
	echo "PreAbilityCall $1 ($2): $decision"
	case $decision in
	deny) echo "  refused: $(field reason)"; return ;;
	require_human) echo "  waiting for a human: $(field reason)"; return ;;
	esac
	echo "  $1 ran"
	emit PostAbilityCall "{\"session_id\":\"sess-1\",\"ability_id\":$(str "$1"),\"status\":\"success\",\"duration_ms\":12}"
	recorded=
	case $result in *'"usage_recorded":true'*) recorded=", usage recorded" ;; esac
	echo "PostAbilityCall $1: $decision$recorded"
}

# A turn starts: routing hints and extra context go to the AI.
emit PromptSubmit '{"session_id":"sess-1","user_raw_input":"Add a signup regression test"}'
echo "PromptSubmit: $decision"
echo "  for the AI: $(field text)"

# The AI asks for a task: preflight.
emit PreAbilityCreate '{"session_id":"sess-1","environment":"prod","ability_ref":{"kind":"operation_key","value":"db.write.user_row"},"caller":{"source":"ai_session"}}'
echo "PreAbilityCreate db.write.user_row (prod): $decision"
[ "$decision" = allow ] || echo "  task not created: $(field reason)"

# The AI runs abilities: guard, run, record.
run_ability edit_file config/prod/database.yaml
run_ability edit_file 'config/prod/"quoted".yaml' # a name the agent chose: any byte
run_ability edit_file docs/README.md

# A broken context: hookrun exits 1 and runs no hook.
emit PreAbilityCall '{"session_id":"sess-1","ability_id":"edit_file"}'
if [ -z "$decision" ]; then
	echo "PreAbilityCall edit_file (no caller): hookrun error, exit 1"
	echo "  not running edit_file: a guard that cannot be checked counts as a deny"
fi

# The session ends: infra-only hooks; their logs are for people.
emit SessionStop '{"session_id":"sess-1","changed_files":["services/api/main.go"]}'
echo "SessionStop: $decision"
echo "  log: $(first_log)"
