#!/bin/sh
# Guard: an edit whose args mention a prod config file needs a human.
# Reads the PreAbilityCall context on stdin; prints a HookResult on stdout.
ctx=$(cat)
case "$ctx" in
*'"args_summary":"'*config/prod*)
	cat <<'JSON'
{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_DENIED","severity":"error",
  "payload":{"ability_id":"edit_file","reason":"Editing prod config files is not allowed from ai_session.","require_human":true}}],
 "logs":["prod_config_guard: prod config edit held for a human"]}
JSON
	;;
*)
	echo '{"hook_signals":[{"kind":"ability_guard","code":"ABILITY_ALLOWED","payload":{"ability_id":"edit_file"}}]}'
	;;
esac
