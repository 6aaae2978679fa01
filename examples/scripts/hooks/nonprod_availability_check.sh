#!/bin/sh
# nonprod_availability_check (PreAbilityCreate, blocking): write and delete
# operations are unavailable in prod; when the caller does not say which
# environment it runs in, a human must confirm them. Everything else is
# available.
#
# POSIX sh only. hookrun hands the context's fields to the handler as
# HOOKRUN_* variables: nothing here parses JSON.
set -eu
cat >/dev/null # the context on stdin: everything needed is in the variables

op=$HOOKRUN_ABILITY_ID           # ability_ref.value on PreAbilityCreate
environment=$HOOKRUN_ENVIRONMENT # dev, staging, prod, or empty

# Both go into the JSON answer, so they are escaped for it first.
. "$HOOKRUN_PROJECT_DIR/scripts/hooks/lib/json_string.sh"
op_json=$(printf '%s' "$op" | json_string)
environment_json=$(printf '%s' "$environment" | json_string)

preflight() { # CODE SEVERITY REASON SUGGESTION
	printf '{"hook_signals":[{"kind":"ability_preflight","code":"%s","severity":"%s","payload":{"ability_ref":{"value":"%s"},"environment":"%s","reason":"%s","suggestion":"%s"}}]}\n' \
		"$1" "$2" "$op_json" "$environment_json" "$3" "$4"
}

case "$op" in
*.write.* | *.delete.* | *_write | *_delete) writes=yes ;;
*) writes=no ;;
esac

if [ "$writes" = no ]; then
	preflight ABILITY_AVAILABLE info "Read-only operation." ""
elif [ "$environment" = prod ]; then
	preflight ABILITY_UNAVAILABLE error "Operation $op_json is not enabled in prod environments." "Switch to staging or dev, or ask a human for an override."
elif [ -z "$environment" ]; then
	preflight ABILITY_REQUIRES_HUMAN warning "Operation $op_json writes data and the environment is unknown." "Set environment in the context, or confirm by hand."
else
	preflight ABILITY_AVAILABLE info "Writes are enabled in $environment_json." ""
fi
