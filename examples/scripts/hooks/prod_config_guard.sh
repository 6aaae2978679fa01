#!/bin/sh
# prod_config_guard (PreAbilityCall, blocking): an edit whose arguments
# name a production config file is held for a human when an AI session or
# a background job asks; a person at a terminal (manual_cli) or a CI
# pipeline may go ahead. Every other edit is allowed.
#
# POSIX sh and awk only. hookrun passes the context as one line of JSON.
set -eu
ctx=$(cat)

# json_str NAME prints the first string field NAME of the context.
. "$HOOKRUN_PROJECT_DIR/scripts/hooks/lib/json.sh"
json_str() { printf '%s\n' "$ctx" | json_field "$1"; }

args=$(json_str args_summary)
source=$(json_str source)

case "$args" in
*config/prod/* | *.prod.yaml* | *.prod.yml* | *prod.env*) prod=yes ;;
*) prod=no ;;
esac

if [ "$prod" = no ]; then
	echo '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_ALLOWED","payload":{"ability_id":"edit_file"}}]}'
	exit 0
fi

case "$source" in
manual_cli | ci_pipeline)
	printf '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_ALLOWED","severity":"warning","payload":{"ability_id":"edit_file","reason":"prod config edit by %s"}}],"logs":["prod_config_guard: prod config edit allowed for %s"]}\n' "$source" "$source"
	;;
*)
	printf '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED","severity":"error","payload":{"ability_id":"edit_file","reason":"Editing prod config files is not allowed from %s.","require_human":true}}],"logs":["prod_config_guard: prod config edit held for a human"]}\n' "${source:-an unknown caller}"
	;;
esac
