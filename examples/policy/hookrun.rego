# The example hooks' guards as one central policy, for an http hook with
# response: opa (examples/policy/hook.yaml, docs/central-policy.md).
#
# hookrun POSTs {"input": <the event context>} to /v1/data/hookrun/result
# and reads the value of `result` as a HookResult. `result` is always
# defined: {} when the policy has nothing to say. An undefined result (a
# wrong url, a policy not loaded) makes the hook fail, and a blocking
# guard then blocks.
package hookrun

# Calls from these sources are guarded; a person at a terminal
# (manual_cli) may go ahead.
guarded_sources := {"ai_session", "background_job"}

prod_config_globs := ["config/prod/**", "**/*.prod.yaml", "**/*.prod.yml", "**/prod.env"]

# --- PreAbilityCall: no recursive force delete -------------------------

# hookrun sends the simple commands a shell call runs as its shell parser
# reads them (commands): quotes and escapes removed ("r"m and r\m are rm),
# and what sudo, env, xargs, sh -c and eval run listed too. A command a
# program hookrun does not know may run (ssh HOST 'rm -rf x') is listed,
# marked maybe: a deny counts it. So is one a file the line runs holds
# (sh scripts/clean.sh, npm run clean, make clean), with its file.
deny contains "recursive force delete" if {
	input.event_type == "PreAbilityCall"
	some c in input.commands
	c.name == "rm"
	opts := options(c.args)
	recursive(opts)
	force(opts)
}

# An rm whose arguments are only known when it runs (rm $OPTS /) may be
# one. One in a file the line runs (c.file: a script, a package.json
# script, a makefile's recipe) counts for what it spells out, as a rules
# hook reads it: a build script's rm -f "$TMP"/x is no question.
require_human contains "rm with an argument only known when the command runs (a variable, a command's output): a human must check it is not a recursive force delete." if {
	input.event_type == "PreAbilityCall"
	guarded_sources[input.caller.source]
	some c in input.commands
	c.name == "rm"
	c.dynamic
	not c.file
}

# A command only known when the line runs ($CMD -rf /, eval "$X") may be
# any command.
require_human contains sprintf("hookrun could not tell every command this call runs (%s): a human must check it.", [input.commands_unknown]) if {
	input.event_type == "PreAbilityCall"
	guarded_sources[input.caller.source]
	is_string(input.commands_unknown)
}

# A hookrun older than commands sends the command as text only: it is cut
# into simple commands at ; & | ( ) ` and $( and each is read as words,
# which quoting ("r"m), sh -c and eval get past. Keep a local rules guard
# for such a hookrun (docs/central-policy.md).
deny contains "recursive force delete" if {
	input.event_type == "PreAbilityCall"
	input.ability_id == "shell"
	not input.commands
	some words in simple_commands
	some i, w in words
	base(w) == "rm"
	in_command_position(words, i)
	opts := options(array.slice(words, i + 1, count(words)))
	recursive(opts)
	force(opts)
}

simple_commands contains words if {
	some seg in regex.split("[;&|()`\n]|\\$\\(", object.get(input, "command", ""))
	words := [w | some w in regex.split("[ \t]+", trim_space(seg)); w != ""]
	count(words) > 0
}

# Only wrappers, their options and assignments come before the command
# name: `sudo rm -rf` is rm, `echo rm -rf` is echo.
in_command_position(words, i) if {
	every w in array.slice(words, 0, i) {
		prefix_word(w)
	}
}

wrappers := {"sudo", "doas", "env", "nice", "nohup", "time", "timeout", "command", "builtin", "exec", "xargs"}

prefix_word(w) if wrappers[base(w)]
prefix_word(w) if startswith(w, "-")
prefix_word(w) if regex.match("^[A-Za-z_][A-Za-z0-9_]*=", w)
prefix_word(w) if regex.match("^[0-9.]+[smhd]?$", w)

base(w) := b if {
	parts := split(trim(w, "'\"\\"), "/")
	b := parts[count(parts) - 1]
}

# The options as rm reads them: each letter of a cluster (-rf is -r -f),
# and each long option without its value (--force=x is --force).
options(args) := ({o | some a in args; regex.match("^-[A-Za-z]+$", a); some o in split(substring(a, 1, -1), "")} | {o | some a in args; startswith(a, "--"); o := split(a, "=")[0]; o != "--"}) | {"f" | some a in args; never_asks(a)}

# --interactive=never (no, none, either abbreviated, as rm reads them:
# --inter=n) deletes without asking, as -f does; a rules hook's -f holds
# for it too.
never_asks(a) if {
	parts := split(a, "=")
	count(parts) == 2
	count(parts[0]) > 2
	startswith("--interactive", parts[0])
	parts[1] != ""
	some w in ["never", "none"]
	startswith(w, parts[1])
}

recursive(opts) if opts.r
recursive(opts) if opts.R
recursive(opts) if long(opts, "--recursive")

force(opts) if opts.f
force(opts) if long(opts, "--force")

# rm, as GNU's tools do, takes a long option by any prefix that names
# no other of its options (--rec, --forc, --f), as a rules hook's pattern
# reads one: matched by its whole name only, --rec --forc passed.
long(opts, name) if {
	some o in opts
	startswith(o, "--")
	startswith(name, o)
}

# --- PreAbilityCall: production config changes need a human ------------

# A write replaces a file as surely as an edit changes it, and a shell call
# as surely as either (echo x > config/prod/db.yaml). hookrun's paths for a
# shell call hold those named inside the files the line runs too (./y.sh,
# where y.sh writes config/prod/db.yaml), as a local rules guard reads them.
file_changes := {"edit_file", "write_file", "shell"}

require_human contains "Editing prod config files needs a human when an AI session or a background job asks." if {
	input.event_type == "PreAbilityCall"
	file_changes[input.ability_id]
	guarded_sources[input.caller.source]

	# The paths as written, and, where the file system ignores case (macOS,
	# Windows), as it reads them (paths_folded: CONFIG/PROD/db.yaml opens
	# config/prod/db.yaml there), which the globs, in lower case, match in
	# every spelling, as a rules hook's paths do.
	some p in array.concat(object.get(input, "paths", []), object.get(input, "paths_folded", []))
	some g in prod_config_globs
	glob.match(g, ["/"], p)
}

# hookrun says when it could not find every file a call names
# (paths_unknown: an edit in a shape it does not know, a patch read from a
# file): any of them could be prod config.
require_human contains sprintf("hookrun could not tell which files this call changes (%s): a human must check it is not prod config.", [input.paths_unknown]) if {
	input.event_type == "PreAbilityCall"
	file_changes[input.ability_id]
	guarded_sources[input.caller.source]
	is_string(input.paths_unknown)
}

# --- PromptSubmit: context for deploy prompts ---------------------------

# hookrun sends the prompt as typed and in its plain form (user_raw_input_plain:
# characters no one sees removed, fullwidth and other compatibility letters
# folded), so that pr\u200bod or ｐｒｏｄ does not hide a word: a rule that
# stops or adds to a prompt matches either.
context contains "Deploys to prod go through the release pipeline: open a change ticket first." if {
	input.event_type == "PromptSubmit"
	some text in [object.get(input, "user_raw_input", ""), object.get(input, "user_raw_input_plain", "")]
	regex.match("(?i)deploy .*prod", text)
}

# --- The answer ----------------------------------------------------------

guard(reason, human) := {
	"kind": "ability_guard",
	"code": "ABILITY_DENIED",
	"severity": "error",
	"payload": {"reason": reason, "require_human": human},
}

signals := array.concat(
	[guard(r, false) | some r in sort(deny)],
	[guard(r, true) | some r in sort(require_human)],
)

signal_part := {"hook_signals": signals} if count(signals) > 0

default signal_part := {}

context_part := {"additional_context": concat("\n", sort(context))} if count(context) > 0

default context_part := {}

result := object.union(signal_part, context_part)
