#!/bin/sh
# nonprod_availability_check (PreAbilityCreate, blocking): write and delete
# operations are unavailable in prod; when the caller does not say which
# environment it runs in, a human must confirm them. Everything else is
# available.
#
# POSIX sh and awk only. hookrun passes the context as one line of JSON.
set -eu
ctx=$(cat)

# json_str NAME prints the first string field NAME of the context.
. "$HOOKRUN_PROJECT_DIR/scripts/hooks/lib/json.sh"
json_str() { printf '%s\n' "$ctx" | json_field "$1"; }

op=$(json_str value)                # ability_ref.value
environment=$(json_str environment) # dev, staging, prod, or absent

preflight() { # CODE SEVERITY REASON SUGGESTION
	printf '{"hook_signals":[{"kind":"ability_preflight","code":"%s","severity":"%s","payload":{"ability_ref":{"value":"%s"},"environment":"%s","reason":"%s","suggestion":"%s"}}]}\n' \
		"$1" "$2" "$op" "$environment" "$3" "$4"
}

case "$op" in
*.write.* | *.delete.* | *_write | *_delete) writes=yes ;;
*) writes=no ;;
esac

if [ "$writes" = no ]; then
	preflight ABILITY_AVAILABLE info "Read-only operation." ""
elif [ "$environment" = prod ]; then
	preflight ABILITY_UNAVAILABLE error "Operation $op is not enabled in prod environments." "Switch to staging or dev, or ask a human for an override."
elif [ -z "$environment" ]; then
	preflight ABILITY_REQUIRES_HUMAN warning "Operation $op writes data and the environment is unknown." "Set environment in the context, or confirm by hand."
else
	preflight ABILITY_AVAILABLE info "Writes are enabled in $environment." ""
fi
