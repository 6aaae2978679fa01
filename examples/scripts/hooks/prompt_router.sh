#!/bin/sh
# prompt_router (PromptSubmit, blocking): suggest abilities and documents
# for the prompt (a routing_hint), name the topics it touches (a
# normalized_intent), and tell the AI in one line (additional_context).
#
# The routing table is deliberately small: real routing rules belong in
# routing documents, read by one or two hooks like this one, not spread
# over many hooks' match blocks.
#
# POSIX sh only. hookrun hands the prompt to the handler as $HOOKRUN_PROMPT:
# nothing here parses JSON.
set -eu
cat >/dev/null # the context on stdin: the prompt is in the variable

# keyword|ability|document|reason
routes='signup|signup_e2e_test|integration/ROUTING.md|The prompt is about the signup flow.
deploy|deploy_staging|ops/DEPLOY.md|The prompt asks for a deployment.
test|run_tests|docs/TESTING.md|The prompt asks for tests.'

prompt=$(printf '%s\n' "$HOOKRUN_PROMPT" | tr '[:upper:]' '[:lower:]')

abilities= documents= topics= names= docs=
while IFS='|' read -r keyword ability document reason; do
	case "$prompt" in
	*"$keyword"*) ;;
	*) continue ;;
	esac
	abilities="$abilities${abilities:+,}{\"id\":\"$ability\",\"reason\":\"$reason\",\"confidence\":0.8}"
	documents="$documents${documents:+,}{\"path\":\"$document\",\"reason\":\"$reason\"}"
	topics="$topics${topics:+,}\"$keyword\""
	names="$names${names:+, }$ability"
	docs="$docs${docs:+, }$document"
done <<ROUTES
$routes
ROUTES

if [ -z "$abilities" ]; then
	echo '{"logs":["prompt_router: no route for this prompt"]}'
	exit 0
fi
printf '{"hook_signals":[%s,%s],"additional_context":"%s","logs":["prompt_router: suggested %s"]}\n' \
	"{\"kind\":\"routing_hint\",\"code\":\"ROUTE_SUGGESTION\",\"payload\":{\"suggested_abilities\":[$abilities],\"suggested_documents\":[$documents]}}" \
	"{\"kind\":\"normalized_intent\",\"code\":\"INTENT\",\"payload\":{\"topics\":[$topics]}}" \
	"Suggested abilities: $names. Read first: $docs." \
	"$names"
