#!/usr/bin/env bash
# The action's gate step: run the SessionStop hooks over the files changed
# against HOOKRUN_BASE_REF; a failed blocking hook with on_error: block
# makes hookrun exit 2, and the job fails.
set -euo pipefail
echo '{"session_id":"ci"}' | hookrun emit SessionStop --changed-from-git="${HOOKRUN_BASE_REF:?}" --summary always
