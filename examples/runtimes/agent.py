#!/usr/bin/env python3
"""How an agent runtime calls hookrun, in Python.

One hookrun process per event: the context goes in as JSON on stdin, the
exit code says what to do (0 allow, 2 deny, 3 ask a human, 1 hookrun could
not judge: no hook ran), and stdout holds the merged result for the
details: reasons, signals for the AI, logs.

The session below runs against the hook set of examples/ (this file's
parent directory). HOOKRUN names the binary; default: hookrun on PATH.
"""
import json
import os
import subprocess
import sys

PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOOKRUN = os.environ.get("HOOKRUN", "hookrun")
DECISIONS = {0: "allow", 2: "deny", 3: "require_human"}


def emit(event, context):
    """Runs the hooks of one event. Returns (decision, result), or
    (None, None) when hookrun could not do its job (exit 1)."""
    proc = subprocess.run(
        [HOOKRUN, "emit", event],
        input=json.dumps(context),
        capture_output=True,
        text=True,
        cwd=PROJECT,
    )
    if proc.returncode not in DECISIONS:
        sys.stderr.write(proc.stderr)
        return None, None
    result = json.loads(proc.stdout)
    # The exit code and the JSON always agree; a runtime may use either.
    assert result["decision"] == DECISIONS[proc.returncode]
    return result["decision"], result


def run_ability(ability, args, caller="ai_session"):
    """The Tool Runner's task.run: guard, run, record."""
    ctx = {"session_id": "sess-1", "ability_id": ability, "args_summary": args,
           "paths": [args], "caller": {"source": caller}}
    decision, result = emit("PreAbilityCall", ctx)
    if decision is None:
        # A guard that cannot be checked must not be skipped: fail closed.
        print(f"PreAbilityCall {ability} ({args}): hookrun error, exit 1")
        print(f"  not running {ability}: a guard that cannot be checked counts as a deny")
        return
    print(f"PreAbilityCall {ability} ({args}): {decision}")
    if decision == "deny":
        print(f"  refused: {result['reason']}")
        return
    if decision == "require_human":
        print(f"  waiting for a human: {result['reason']}")
        return
    print(f"  {ability} ran")
    decision, result = emit("PostAbilityCall", {"session_id": "sess-1", "ability_id": ability,
                                                "status": "success", "duration_ms": 12})
    recorded = ", usage recorded" if result["usage_recorded"] else ""
    print(f"PostAbilityCall {ability}: {decision}{recorded}")


def main():
    # A turn starts: routing hints and extra context go to the AI.
    decision, result = emit("PromptSubmit", {"session_id": "sess-1",
                                             "user_raw_input": "Add a signup regression test"})
    print(f"PromptSubmit: {decision}")
    for c in result["additional_context"]:
        print(f"  for the AI: {c['text']}")

    # The AI asks for a task: preflight.
    decision, result = emit("PreAbilityCreate", {
        "session_id": "sess-1", "environment": "prod",
        "ability_ref": {"kind": "operation_key", "value": "db.write.user_row"},
        "caller": {"source": "ai_session"}})
    print(f"PreAbilityCreate db.write.user_row (prod): {decision}")
    if decision != "allow":
        print(f"  task not created: {result['reason']}")

    # The AI runs abilities: guard, run, record.
    run_ability("edit_file", "config/prod/database.yaml")
    run_ability("edit_file", 'config/prod/"quoted".yaml')  # a name the agent chose: any byte
    run_ability("edit_file", "docs/README.md")

    # A broken context: hookrun exits 1 and runs no hook.
    decision, _ = emit("PreAbilityCall", {"session_id": "sess-1", "ability_id": "edit_file"})
    if decision is None:
        print("PreAbilityCall edit_file (no caller): hookrun error, exit 1")
        print("  not running edit_file: a guard that cannot be checked counts as a deny")

    # The session ends: infra-only hooks; their logs are for people.
    decision, result = emit("SessionStop", {"session_id": "sess-1",
                                            "changed_files": ["services/api/main.go"]})
    print(f"SessionStop: {decision}")
    for line in result["logs"]:
        print(f"  log: {line}")


if __name__ == "__main__":
    main()
