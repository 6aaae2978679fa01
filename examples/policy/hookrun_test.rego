package hookrun_test

import data.hookrun

shell(cmd) := {"event_type": "PreAbilityCall", "ability_id": "shell", "command": cmd, "caller": {"source": "ai_session"}}

denied(r) if r.hook_signals[0].payload.reason == "recursive force delete"

test_recursive_force_delete if {
	every cmd in ["rm -rf /", "rm -fr x", "rm -r -f x", "sudo rm -Rf x", "rm --recursive --force x", "echo ok && /bin/rm -rf x", "x=$(rm -rf /)", "find . | xargs rm -rf"] {
		denied(hookrun.result) with input as shell(cmd)
	}
}

test_other_commands_pass if {
	every cmd in ["rm -r x", "rm -f x", "ls -rf", "echo rm -rf", "git rm -r --cached x"] {
		hookrun.result == {} with input as shell(cmd)
	}
}

test_prod_config_needs_a_human if {
	r := hookrun.result with input as {"event_type": "PreAbilityCall", "ability_id": "edit_file", "paths": ["config/prod/db.yaml"], "caller": {"source": "ai_session"}}
	r.hook_signals[0].payload.require_human == true
}

test_prod_config_written_whole_needs_a_human if {
	r := hookrun.result with input as {"event_type": "PreAbilityCall", "ability_id": "write_file", "paths": ["config/prod/db.yaml"], "caller": {"source": "ai_session"}}
	r.hook_signals[0].payload.require_human == true
}

test_an_edit_of_files_hookrun_cannot_tell_needs_a_human if {
	r := hookrun.result with input as {"event_type": "PreAbilityCall", "ability_id": "edit_file", "paths_unknown": "the edit_file call names no file hookrun can find in its input", "caller": {"source": "ai_session"}}
	r.hook_signals[0].payload.require_human == true
	startswith(r.hook_signals[0].payload.reason, "hookrun could not tell which files this call changes")
}

test_an_edit_elsewhere_passes if {
	hookrun.result == {} with input as {"event_type": "PreAbilityCall", "ability_id": "edit_file", "paths": ["src/main.go"], "caller": {"source": "ai_session"}}
}

test_prod_config_from_a_person_passes if {
	hookrun.result == {} with input as {"event_type": "PreAbilityCall", "ability_id": "edit_file", "paths": ["config/prod/db.yaml"], "caller": {"source": "manual_cli"}}
}

test_deploy_prompt_gets_context if {
	r := hookrun.result with input as {"event_type": "PromptSubmit", "user_raw_input": "Deploy this to prod", "caller": {"source": "ai_session"}}
	startswith(r.additional_context, "Deploys to prod go through the release pipeline")
}
