package scaffold

import (
	"strings"

	"github.com/hookrun/hookrun/internal/event"
)

// Script renders the handler stub: POSIX sh, no jq or python, printing a
// valid result for the event as it stands, with the event's ways to
// decide shown in comments.
func Script(s Spec) []byte {
	r := strings.NewReplacer("{{ID}}", s.ID, "{{EVENT}}", string(s.Event), "{{BLOCKING}}", blockingLine(s))
	return []byte(r.Replace(scriptHead + body(s.Event)))
}

func blockingLine(s Spec) string {
	if !s.Event.AIFacing() {
		return ""
	}
	if s.Blocking {
		return "# This hook is blocking, so its deny or ask decides the event.\n#\n"
	}
	return "# This hook is NOT blocking: its deny or ask decides nothing until you set\n" +
		"# blocking: true in its declaration.\n#\n"
}

const scriptHead = `#!/bin/sh
# Handler of the hook {{ID}} ({{EVENT}}), created by hookrun new.
#
# hookrun runs it from the project root with the event context on stdin
# (one line of JSON) and HOOKRUN_EVENT, HOOKRUN_HOOK_ID and
# HOOKRUN_PROJECT_DIR in the environment. Print one JSON object (a
# HookResult) on stdout and exit 0; anything else on stdout, or another exit
# status, makes the hook "failed". Diagnostics go to stderr.
#
# Try it:  hookrun explain {{EVENT}} --context ctx.json   (would it run, and why)
#          hookrun emit {{EVENT}} --context ctx.json      (run it)
set -eu

ctx=$(cat)

# field NAME prints the value of the string field NAME of the context when
# it holds no quote or backslash (ids, paths, enums); empty otherwise.
# Enough to decide without jq; use a JSON tool for anything richer.
field() {
	printf '%s\n' "$ctx" | sed -n 's/.*"'"$1"'":"\([^"\\]*\)".*/\1/p'
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
{{BLOCKING}}session=$(field session_id)
printf '{"logs":["{{ID}}: no suggestion for session %s"]}\n' "$session"
`
	case event.PreAbilityCreate:
		return `
ability=$(field value)            # ability_ref.value: the ability id or operation key
environment=$(field environment)  # dev, staging, prod... when the caller knows

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
{{BLOCKING}}printf '{"hook_signals":[{"kind":"ability_preflight","code":"ABILITY_AVAILABLE","payload":{"ability":"%s","environment":"%s"}}]}\n' "$ability" "$environment"
`
	case event.PreAbilityCall:
		return `
ability=$(field ability_id)
source=$(field source)            # caller.source: ai_session, background_job, ci_pipeline, manual_cli

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
{{BLOCKING}}printf '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_ALLOWED","payload":{"ability_id":"%s","caller":"%s"}}]}\n' "$ability" "$source"
`
	case event.PostAbilityCall:
		return `
ability=$(field ability_id)
status=$(field status)            # success, failure or partial

# PostAbilityCall is infra-only: record, log and update caches here. The
# call has already run, so this hook cannot deny it, and hook_signals or
# additional_context would be dropped with a warning.
#
# Tell the person at the keyboard: {"user_message":"edit_file failed twice in a row."}
# Say usage was recorded:          {"usage_recorded":true}
#
printf '{"logs":["{{ID}}: %s finished with %s"]}\n' "$ability" "$status"
`
	case event.SessionStop:
		return `
session=$(field session_id)

# SessionStop is infra-only: run builds and tests, write summaries for the
# next session. It cannot change the session that ended, and hook_signals
# or additional_context would be dropped with a warning.
#
# Report to the person at the keyboard:
#   echo '{"user_message":"2 services failed to build; see .system/logs/build.log"}'
#
printf '{"logs":["{{ID}}: session %s ended"]}\n' "$session"
`
	}
	return ""
}
