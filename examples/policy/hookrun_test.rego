package hookrun_test

import data.hookrun

shell(cmd) := {"event_type": "PreAbilityCall", "ability_id": "shell", "command": cmd, "caller": {"source": "ai_session"}}

denied(r) if r.hook_signals[0].payload.reason == "recursive force delete"

test_recursive_force_delete if {
	every cmd in ["rm -rf /", "rm -fr x", "rm -r -f x", "sudo rm -Rf x", "rm --recursive --force x", "rm --rec --forc x", "rm -r --f x", "echo ok && /bin/rm -rf x", "x=$(rm -rf /)", "find . | xargs rm -rf", "rm -r --interactive=never x", "rm -R --inter=n x"] {
		denied(hookrun.result) with input as shell(cmd)
	}
}

test_other_commands_pass if {
	every cmd in ["rm -r x", "rm -f x", "rm -r --verbose x", "rm --dir --interactive x", "rm -r --interactive=always x", "ls -rf", "echo rm -rf", "git rm -r --cached x"] {
		hookrun.result == {} with input as shell(cmd)
	}
}

# What hookrun sends for a shell call: the commands its shell parser reads.
parsed(commands) := object.union(shell("(as hookrun read it)"), {"commands": commands})

rm(args) := {"name": "rm", "args": args, "wrapper": false, "maybe": false, "dynamic": false}

test_recursive_force_delete_as_parsed if {
	every commands in [
		[rm(["-rf", "/"])], # "r"m -rf /, r\m -rf /
		[{"name": "sh", "args": ["-c", "rm -fr x"], "wrapper": true, "maybe": false, "dynamic": false}, rm(["-fr", "x"])],
		[{"name": "ssh", "args": ["host", "rm -rf x"], "wrapper": false, "maybe": false, "dynamic": false}, object.union(rm(["-rf", "x"]), {"maybe": true})],
		[rm(["-r", "--force", "x"])],
		[rm(["--recur", "--fo", "x"])], # the prefixes of its long options rm accepts
	] {
		denied(hookrun.result) with input as parsed(commands)
	}
}

test_other_parsed_commands_pass if {
	every commands in [
		[rm(["-r", "x"])],
		[{"name": "echo", "args": ["rm", "-rf"], "wrapper": false, "maybe": false, "dynamic": false}],
		[{"name": "git", "args": ["rm", "-r", "--cached", "x"], "wrapper": false, "maybe": false, "dynamic": false}],
		[],
	] {
		hookrun.result == {} with input as parsed(commands)
	}
}

test_parsed_commands_win_over_the_text if {
	# The text would read as rm -rf; hookrun's parser says it is echo.
	hookrun.result == {} with input as object.union(shell("rm -rf /"), {"commands": [{"name": "echo", "args": ["x"], "wrapper": false, "maybe": false, "dynamic": false}]})
}

test_an_rm_with_arguments_only_known_when_it_runs_needs_a_human if {
	r := hookrun.result with input as parsed([object.union(rm(["$OPTS", "/"]), {"dynamic": true})])
	r.hook_signals[0].payload.require_human == true
	startswith(r.hook_signals[0].payload.reason, "rm with an argument only known when the command runs")
}

test_an_rm_a_file_the_line_runs_holds_denies if {
	r := hookrun.result with input as parsed([object.union(rm(["-rf", "build"]), {"maybe": true, "file": "scripts/clean.sh"})])
	r.hook_signals[0].payload == {"reason": "recursive force delete", "require_human": false}
}

test_an_rm_with_arguments_a_file_leaves_unknown_passes if {
	hookrun.result == {} with input as parsed([object.union(rm(["-f", "$TMP/x"]), {"maybe": true, "dynamic": true, "file": "scripts/build.sh"})])
}

test_a_command_hookrun_cannot_tell_needs_a_human if {
	r := hookrun.result with input as object.union(parsed([]), {"commands_unknown": "the command name $X is only known when the line runs"})
	r.hook_signals[0].payload.require_human == true
	r.hook_signals[0].payload.reason == "hookrun could not tell every command this call runs (the command name $X is only known when the line runs): a human must check it."
}

test_a_command_hookrun_cannot_tell_from_a_person_passes if {
	hookrun.result == {} with input as object.union(object.union(parsed([]), {"commands_unknown": "eval runs \"$C\", only known when the line runs"}), {"caller": {"source": "manual_cli"}})
}

test_prod_config_needs_a_human if {
	r := hookrun.result with input as {"event_type": "PreAbilityCall", "ability_id": "edit_file", "paths": ["config/prod/db.yaml"], "caller": {"source": "ai_session"}}
	r.hook_signals[0].payload.require_human == true
}

# Where the file system ignores case (macOS, Windows), hookrun sends the paths folded
# too: CONFIG/PROD/db.yaml opens config/prod/db.yaml there.
test_prod_config_in_another_case_needs_a_human if {
	r := hookrun.result with input as {"event_type": "PreAbilityCall", "ability_id": "edit_file", "paths": ["CONFIG/PROD/db.yaml"], "paths_folded": ["config/prod/db.yaml"], "caller": {"source": "ai_session"}}
	r.hook_signals[0].payload.require_human == true
}

test_prod_config_written_whole_needs_a_human if {
	r := hookrun.result with input as {"event_type": "PreAbilityCall", "ability_id": "write_file", "paths": ["config/prod/db.yaml"], "caller": {"source": "ai_session"}}
	r.hook_signals[0].payload.require_human == true
}

# A shell call writes a file as surely as an edit (echo x > config/prod/db.yaml), and hookrun
# sends the paths named inside the files the line runs too (./y.sh, where y.sh writes one).
test_prod_config_written_by_a_shell_call_needs_a_human if {
	r := hookrun.result with input as object.union(parsed([{"name": "y.sh", "args": [], "wrapper": false, "maybe": false, "dynamic": false}]), {"command": "./y.sh", "paths": ["y.sh", "config/prod/db.yaml"]})
	r.hook_signals[0].payload.require_human == true
	r.hook_signals[0].payload.reason == "Editing prod config files needs a human when an AI session or a background job asks."
}

test_a_shell_call_whose_files_hookrun_cannot_tell_needs_a_human if {
	r := hookrun.result with input as object.union(parsed([{"name": "cp", "args": ["app.yaml", "$D/app.yaml"], "wrapper": false, "maybe": false, "dynamic": true}]), {"paths": ["app.yaml"], "paths_unknown": "the path $D/app.yaml is only known when the line runs"})
	r.hook_signals[0].payload.require_human == true
	startswith(r.hook_signals[0].payload.reason, "hookrun could not tell which files this call changes")
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

# hookrun sends the prompt's plain form too: a zero-width space or fullwidth letters do not
# hide a word from the policy.
test_a_disguised_deploy_prompt_gets_context if {
	r := hookrun.result with input as {"event_type": "PromptSubmit", "user_raw_input": "Deploy this to pr\u200bod", "user_raw_input_plain": "Deploy this to prod", "caller": {"source": "ai_session"}}
	startswith(r.additional_context, "Deploys to prod go through the release pipeline")
}
