package scaffold

import (
	"bytes"
	"strings"

	"github.com/hookrun/hookrun/internal/event"
)

// Script renders the handler stub: POSIX sh, no jq or python, printing a
// valid result for the event as it stands, with the event's ways to
// decide shown in comments.
func Script(s Spec) []byte {
	if l := s.lang(); l == "python" || l == "node" {
		return langStub(s)
	}
	r := strings.NewReplacer("{{HOOKRUN}}", s.hookrun(), "{{ID}}", s.ID, "{{EVENT}}", string(s.Event), "{{BLOCKING}}", blockingLine(s))
	return []byte(r.Replace(scriptHead + body(s.Event)))
}

func blockingLine(s Spec) string {
	if !s.Event.AIFacing() {
		if note := gateNote(s); note != "" {
			return "# " + strings.ReplaceAll(note, "\n", "\n# ") + "\n#\n"
		}
		return ""
	}
	if s.Blocking {
		return "# This hook is blocking, so its deny or ask decides the event.\n#\n"
	}
	return "# This hook is NOT blocking: its deny or ask decides nothing until you set\n" +
		"# blocking: true in its declaration.\n#\n"
}

// gateNote says, on an infra-only event, how the hook fails the CI job
// that runs it: a check that exits 1 under on_error: skip (the default
// there) is listed in errors while emit exits 0.
func gateNote(s Spec) string {
	switch {
	case s.Event.AIFacing():
		return ""
	case s.Blocking:
		return "This hook is a CI gate (blocking: true, on_error: block): when the check fails, exit 1 with the reason on stderr, and emit exits 2."
	case s.Event == event.SessionStop:
		return "To fail the CI job that runs this check when it fails: exit 1 with the reason on stderr, and set blocking: true and on_error: block in its declaration, " + s.declName() + " (docs/ci.md)."
	}
	return ""
}

const scriptHead = `#!/bin/sh
# Handler of the hook {{ID}} ({{EVENT}}), created by hookrun new.
#
# hookrun runs it from the project root with the event context on stdin
# (one line of JSON) and, in the environment, HOOKRUN_EVENT, HOOKRUN_HOOK_ID,
# HOOKRUN_PROJECT_DIR and the context's HOOKRUN_ABILITY_ID,
# HOOKRUN_CALLER_SOURCE and HOOKRUN_SESSION_ID. Read those from the
# environment: searching the JSON text for a key can be fooled by the same
# key nested in the call's input. Print one JSON object (a HookResult) on
# stdout and exit 0; anything else on stdout, or another exit status, makes
# the hook "failed". Diagnostics go to stderr.
#
# Try it:  {{HOOKRUN}} explain {{EVENT}} --context scripts/hooks/{{ID}}.context.json
#          {{HOOKRUN}} emit {{EVENT}} --context scripts/hooks/{{ID}}.context.json
# A guard on a command or a file needs no script: see docs/rules.md.
set -eu

# The whole context, for the other fields: parse it with a JSON parser.
ctx=$(cat)

# json VALUE prints VALUE as a JSON string. Values come from the agent's
# call: a " or \ in one must not end the string early and make the output
# invalid, so they are escaped; control characters are dropped. Print
# every value you take from the context through it.
json() {
  printf '"%s"' "$(printf '%s' "$1" | LC_ALL=C tr -d '\000-\037' | LC_ALL=C sed 's/[\\"]/\\&/g')"
}
`

// body is the part of the stub that shows the event's ways to decide.
func body(n event.Name) string {
	switch n {
	case event.PromptSubmit:
		return `
# Suggest abilities and documents to the AI with a routing hint:
#
#   case "$ctx" in
#   *'"user_raw_input":"'*signup*)
#     echo '{"hook_signals":[{"kind":"routing_hint","code":"ROUTE_SUGGESTION","payload":{
#       "suggested_abilities":[{"id":"signup_e2e_test","reason":"signup regression","confidence":0.9}],
#       "suggested_documents":[{"path":"docs/ROUTING.md","reason":"routing rules"}]}}]}'
#     exit 0 ;;
#   esac
#
# Add text to the AI's turn: {"additional_context":"Run the tests before committing."}
#
# Block the prompt (blocking hooks only): write the reason on stderr and
# exit 2:   echo "Prompts mentioning production secrets are blocked." >&2; exit 2
#
{{BLOCKING}}session=$HOOKRUN_SESSION_ID
printf '{"logs":[%s]}\n' "$(json "{{ID}}: no suggestion for session $session")"
`
	case event.PreAbilityCreate:
		return `
ability=$HOOKRUN_ABILITY_ID      # ability_ref.value: the ability id or operation key
# The context's "environment" (dev, staging, prod), when the caller knows,
# is read from "$ctx" with a JSON parser.

# Refuse to create the task (an ability_preflight signal):
#
#   if [ "$environment" = prod ]; then
#     echo '{"hook_signals":[{"kind":"ability_preflight","code":"ABILITY_UNAVAILABLE","severity":"error",
#       "payload":{"reason":"Not enabled in prod.","suggestion":"Use staging."}}]}'
#     exit 0
#   fi
#
# Ask a human first: the same signal with "code":"ABILITY_REQUIRES_HUMAN".
# Or the shell-hook way to deny: echo "reason" >&2; exit 2
#
{{BLOCKING}}printf '{"hook_signals":[{"kind":"ability_preflight","code":"ABILITY_AVAILABLE","payload":{"ability":%s}}]}\n' "$(json "$ability")"
`
	case event.PreAbilityCall:
		return `
ability=$HOOKRUN_ABILITY_ID
source=$HOOKRUN_CALLER_SOURCE     # caller.source: ai_session, background_job, ci_pipeline, manual_cli

# Deny the call (an ability_guard signal; the reason reaches the agent):
#
#   if [ "$ability" = deploy_prod ] && [ "$source" = ai_session ]; then
#     echo '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED","severity":"error",
#       "payload":{"reason":"Deploys are not run from an AI session."}}]}'
#     exit 0
#   fi
#
# Ask a human first: the same signal with "code":"ABILITY_REQUIRES_HUMAN",
# or ABILITY_DENIED with "require_human":true in the payload.
# Or the shell-hook way to deny: echo "reason" >&2; exit 2
#
{{BLOCKING}}printf '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_ALLOWED","payload":{"ability_id":%s,"caller":%s}}]}\n' \
  "$(json "$ability")" "$(json "$source")"
`
	case event.PostAbilityCall:
		return `
ability=$HOOKRUN_ABILITY_ID
# The context's "status" (success, failure or partial) is read from "$ctx"
# with a JSON parser.

# PostAbilityCall is infra-only: record, log and update caches here. The
# call has already run, so this hook cannot deny it, and hook_signals or
# additional_context would be dropped with a warning.
#
# Tell the person at the keyboard: {"user_message":"edit_file failed twice in a row."}
# Say usage was recorded:          {"usage_recorded":true}
#
{{BLOCKING}}printf '{"logs":[%s]}\n' "$(json "{{ID}}: $ability finished")"
`
	case event.SessionStop:
		return `
session=$HOOKRUN_SESSION_ID

# SessionStop is infra-only: run builds and tests, write summaries for the
# next session. It cannot change the session that ended, and hook_signals
# or additional_context would be dropped with a warning.
#
# Report to the person at the keyboard:
#   echo '{"user_message":"2 services failed to build; see .system/logs/build.log"}'
#
{{BLOCKING}}printf '{"logs":[%s]}\n' "$(json "{{ID}}: session $session ended")"
`
	}
	return ""
}

// IsStub reports whether text is the handler stub new writes for the hook
// id on ev, in any of its languages, blocking or not, as written (line
// ends aside): a guard left so decides nothing.
func IsStub(id string, ev event.Name, hooksDir string, text []byte) bool {
	text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
	for _, lang := range []string{"sh", "python", "node"} {
		for _, blocking := range []bool{true, false} {
			if bytes.Equal(text, Script(Spec{ID: id, Event: ev, Blocking: blocking, Lang: lang, HooksDir: hooksDir})) {
				return true
			}
		}
	}
	return false
}
