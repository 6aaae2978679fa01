// Package scaffold lays out a hookrun project and writes new hooks: a
// declaration and an executable handler stub that work as written.
package scaffold

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookrun/hookrun/internal/audit"
	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/safefile"
	"github.com/hookrun/hookrun/internal/schema"
	"io"
)

// The layout, relative to the project root.
const (
	HooksDir   = config.HooksSubdir
	ScriptsDir = "scripts/hooks"
	LogsIgnore = audit.DefaultDir + "/.gitignore"
	SchemaFile = ".system/hookrun.schema.json"
	// ProtectHooksFile is the guard init writes so that an agent cannot switch off its own guards
	// unnoticed.
	ProtectHooksFile = HooksDir + "/protect_hooks.yaml"
)

// protectHooks asks a person before an agent or a background job writes, edits or runs a shell
// command naming the hooks, hookrun's settings, the handler scripts or the agent settings that
// call hookrun, through a file tool, a shell or a tool without a canonical id (an MCP server's,
// an agent's own: their every string argument counts as a path). It is a rules hook: no process,
// so it costs next to nothing on every call.
const protectHooks = `# Written by hookrun init. An agent must not be able to switch off its own guards
# unnoticed: a write, an edit, a shell command or an MCP or other agent tool call
# from an AI session or a background job that names the hooks, hookrun's files
# under .system/, the handler scripts, an agent's hook settings (the files
# hookrun install writes, Claude Code's settings.local.json, and the same files
# in the home directory, which switch hooks off for every project, and the
# directories that hold them, which a mv or chmod of takes away whole; Claude
# Code's skills, commands and subagents, whose frontmatter declares hooks it runs
# beside hookrun's, its workflows, routines and preview launch configuration,
# Gemini CLI's extensions, which bring hooks, its subagents, which start MCP
# servers, and its custom commands, whose shell commands run without them,
# OpenCode's tui.json, whose plugins load code, and Copilot CLI's extensions), the .env
# files Gemini CLI loads into its hooks' environment at start (where
# HOOKRUN_HOOKS_DIR or a proxy would turn every guard off or elsewhere), the hookrun
# an npm install put in node_modules, a program named hookrun in a directory of
# programs or anywhere outside the project (one ahead on PATH, ln -s /bin/true
# /usr/local/sbin/hookrun or /opt/tools/hookrun, answers every agent's hook with
# no hook run; a version manager's shims, pnpm's home, .NET's tools, Windows'
# Scripts and WindowsApps too; which hookrun and ./hookrun pass) and an installer that may
# put one there (a Homebrew formula named hookrun or from a tap, a file or a
# URL; pipx, gem and cargo-binstall, whose programs only the package names), hookrun's
# declaration cache (an entry there says what a hook file decodes to) or its
# record of the commit a session started at (.git/hookrun: the session's end
# lists what changed since, and a rewritten record hides the agent's commits) needs a person's approval, and so does a
# command that changes which hooks run without naming those files: hookrun init
# or install, git init (a .git ends the search for .system/hooks), a .system
# made below the root (the nearest hooks directory wins), an agent's own
# command that switches its hooks off (codex features disable, copilot config)
# or installs a plugin, an extension or an MCP server, and an agent started from
# the line with hooks off (claude --bare, codex --disable hooks, opencode --pure)
# or acting unasked (claude --dangerously-skip-permissions, codex -s, gemini
# --yolo), whose own calls no guard then sees, or with a variable that switches
# its hooks off or points hookrun elsewhere (CLAUDE_CODE_SIMPLE=1,
# CLAUDE_CODE_SHELL_PREFIX, CODEX_HOME, OPENCODE_PURE, HOOKRUN_HOOKS_DIR, given
# to the command, by env or by an export before it). So does a change to
# what runs later, outside the agent's session, where it could undo the guards
# unseen: git's hooks or configuration (under .git, where no diff shows it, a
# worktree's or submodule's .git file, which says where they are, the
# user's ~/.gitconfig) and a git hook manager's (husky, lefthook, pre-commit,
# lint-staged), run at a person's next commit or fetch; a shell's startup files
# (~/.bashrc, ~/.zshenv, fish's), run at the next shell, which also set the
# environment the agents and hookrun start with (HOOKRUN_HOOKS_DIR,
# CLAUDE_CONFIG_DIR); the MCP servers Claude Code, Cursor and Copilot CLI start
# with no hook, and Copilot CLI's language servers;
# the scripts of other hooks in .claude/hooks, .cursor/hooks, .gemini/hooks, and
# Claude Code's and Cursor's plugins, which bring hooks (a plugin marketplace
# in the repository too: its .claude-plugin manifests, a plugin's hooks.json,
# wherever its manifest puts it); what those startup
# files load (~/.bash_aliases, oh-my-zsh), direnv's, mise's and devbox's files,
# run on cd or at devbox shell (devbox.json's init_hook and env);
# an editor's files that run a program when a person opens the project
# (.vscode/tasks.json and settings.json, the user's, a dev container's,
# JetBrains' workspace.xml) and the startup files of the editors git opens
# (~/.vimrc), of tmux, of Python (a .pth line runs in every python, a guard's
# too) and of REPLs; an installed editor extension's files; Claude Code's
# status line script; the programs a tool's configuration names for credentials
# or to run a build (~/.docker/config.json, ~/.kube/config, ~/.aws/config,
# ~/.cargo/config.toml), and the directories that hold them, which a link put in
# their place (ln -s /tmp/d .vscode) moves where no guard looks; a program planted
# ahead on PATH (~/.local/bin/git, /usr/local/bin/git, ~/go/bin/git, a version
# manager's shims or installs, pnpm's home, .NET's tools, Windows' WindowsApps and
# Python's Scripts, ~/.bun/bin/python3), where a guard's #!/usr/bin/env finds it too; what runs
# at login or at a set time (autostart, systemd, launchd, cron); ssh's
# configuration; and the commands that set such code up without naming those
# files (pre-commit install, git config of a setting whose value git runs or of
# the user's configuration, crontab, direnv allow, code --install-extension,
# npm config set). An agent's command matches under its package's name too
# (npx @anthropic-ai/claude-code@latest). So do what changes which files git
# shows as changed with no diff showing it (.git/info/exclude, git config
# core.worktree or core.excludesFile, git update-index --assume-unchanged, git
# replace), which hides changes from SessionStop's hooks and from a guard's own
# git status, and a command that may end hookrun itself (pkill and killall,
# whose patterns may match it however spelt, fuser -k, kill -1, PowerShell's
# Stop-Process -Name, taskkill /IM, a kill of a
# process only known when it runs, a debugger or tracer attached to a running
# one), which in a background loop ends the check of every later call.
# (Copilot CLI's
# .github/copilot settings switch its hooks off like the other agents'
# settings; the system-wide managed settings, /etc/claude-code and the like,
# outrank them all.) Every call but the agents' own file reading tools is
# read (ability_scope's "!" leaves those out), so a tool of any name, an MCP
# tool or one a runtime names itself (move_file, run), that names these files
# asks; the reading tools pass; a shell command that names these files asks even when it only reads
# them (cat, git diff, source ~/.bashrc): which commands only read is not
# always known. Running a program from those places passes
# (~/.local/bin/ruff check ., /usr/local/bin/hookrun validate): ignore_programs
# leaves out a path a command names only as the program it runs, which running
# does not change. Edit it like any hook (docs/rules.md).
id: protect_hooks
event_type: PreAbilityCall
enabled: true
blocking: true
summary: An agent's changes to the hooks, their scripts and the agents' hook settings need a human
match:
  ability_scope: ["*", "!read_file", "!list_files", "!search_files", "!web_fetch", "!web_search"]
handler:
  kind: rules
  rules:
    - decision: require_human
      reason: "this call names hookrun's hooks, its program, their handler scripts or an agent's hook settings: a person must approve changes to the guards"
      sources: [ai_session, background_job]
      ignore_programs: true
      paths:
        - "**/.system"
        - "**/.system/**"
        - scripts/hooks
        - scripts/hooks/**
        - "**/.claude"
        - "**/.claude/settings*.json"
        - "**/.claude/skills/**"
        - "**/.claude/commands/**"
        - "**/.claude/agents/**"
        - "**/.claude/hooks/**"
        - "**/.claude/plugins/**"
        - "**/.claude/workflows/**"
        - "**/.claude/routines/**"
        - "**/.claude/launch.json"
        - "**/.claude-plugin/**"
        - "**/hooks.json"
        - "**/.codex/**"
        - "**/.gemini"
        - "**/.gemini/settings.json"
        - "**/.gemini/extensions/**"
        - "**/.gemini/commands/**"
        - "**/.gemini/hooks/**"
        - "**/.gemini/agents/**"
        - "**/.cursor"
        - "**/.cursor/hooks.json"
        - "**/.cursor/hooks/**"
        - "**/.cursor/plugins/**"
        - "**/etc/claude-code/**"
        - "**/Application Support/ClaudeCode/**"
        - "**/Program Files/ClaudeCode/**"
        - "**/etc/gemini-cli/**"
        - "**/Application Support/GeminiCli/**"
        - "**/ProgramData/gemini-cli/**"
        - "**/etc/codex/**"
        - "**/etc/cursor/**"
        - "**/Application Support/Cursor/hooks.json"
        - "**/ProgramData/Cursor/hooks.json"
        - "**/.opencode/**"
        - "**/opencode.json"
        - "**/opencode.jsonc"
        - "**/tui.json"
        - "**/tui.jsonc"
        - "**/.config/opencode/**"
        - "**/.copilot/**"
        - "**/.github"
        - "**/.github/hooks/**"
        - "**/.github/copilot/settings*.json"
        - "**/.github/extensions/**"
        - "**/.github/agents/**"
        - node_modules/.bin/hookrun*
        - node_modules/hookrun/**
        - node_modules/@hookrun/**
        # directories of programs, for a program named hookrun (kept in step with the next-start rule's)
        - "**/*bin/hookrun"
        - "**/*bin/hookrun.{exe,cmd,bat,ps1}"
        - "**/{shims,pnpm,Scripts,WindowsApps,.dotnet/tools}/hookrun"
        - "**/{shims,pnpm,Scripts,WindowsApps,.dotnet/tools}/hookrun.{exe,cmd,bat,ps1}"
        # and anywhere outside the project
        - "/**/hookrun"
        - "/**/hookrun.{exe,cmd,bat,ps1}"
        - "?:/**/hookrun"
        - "?:/**/hookrun.{exe,cmd,bat,ps1}"
        - "**/hookrun/decl-*.bin"
        - "**/.git/hookrun"
        - "**/.git/hookrun/**"
        - "**/.git/worktrees/*/hookrun/**"
        - "**/.cache/hookrun"
        - "**/Library/Caches/hookrun"
        - "**/AppData/Local/hookrun"
    - decision: require_human
      reason: "this command changes which hooks run, how the agents call hookrun or what they start with no hook (a plugin, an extension, an MCP server), or starts another agent with its hooks off or acting unasked (by an option, or a variable such as CLAUDE_CODE_SIMPLE, CODEX_HOME or HOOKRUN_HOOKS_DIR): a person must approve changes to the guards"
      sources: [ai_session, background_job]
      commands:
        - hookrun|hookrun@* init|install
        - npx hookrun init|install
        - git init
        - codex|codex@* features enable|disable
        - copilot|copilot@* config
        - claude|claude-code* plugin|plugins install|i|enable|init|new
        - codex|codex@* plugin add
        - copilot|copilot@* plugin install|enable|update
        - gemini|gemini-cli* extensions|extension install|link|enable|update|new
        - gemini|gemini-cli* hooks|hook migrate
        - opencode|opencode-ai* plugin|plug
        - claude|claude-code* mcp add|add-json|add-from-claude-desktop
        - codex|codex@* mcp add
        - copilot|copilot@* mcp add|enable
        - gemini|gemini-cli* mcp add
        - opencode|opencode-ai* mcp add
        - claude|claude-code* --bare
        - claude|claude-code* --settings
        - claude|claude-code* --setting-sources
        - claude|claude-code* --safe-mode|--restricted
        - claude|claude-code* --plugin-dir|--plugin-url|--mcp-config
        - copilot|copilot@* --plugin-dir|--additional-mcp-config
        - opencode|opencode-ai* --pure
        - codex|codex@* --disable
        - codex|codex@* -c|--config
        - claude|claude-code* --dangerously-skip-permissions|--allow-dangerously-skip-permissions|--permission-mode|--permission-prompt-tool|--allowedTools|--allowed-tools
        - codex|codex@* --dangerously-bypass-approvals-and-sandbox|--sandbox|-s|--approve-for-me|--full-auto
        - gemini|gemini-cli* --yolo|-y|--approval-mode|--allowed-tools|--policy|--admin-policy
        - copilot|copilot@* --allow-all-tools|--allow-all|--yolo|--allow-tool|--allow-all-paths|--autopilot
        - opencode|opencode-ai* --auto
        - CLAUDE_CODE_SIMPLE=* *
        - CLAUDE_CODE_SHELL_PREFIX=* *
        - HOOKRUN_HOOKS_DIR=* *
        - CODEX_HOME=* *
        - OPENCODE_PURE=* *
    - decision: require_human
      reason: "this call names git's hooks or configuration, or a git hook manager's (.git/hooks, .git/config, ~/.gitconfig, .husky, lefthook, pre-commit), which run code at a person's next commit, checkout or fetch, outside the agent's session and its guards: a person must approve changes to them (reading one through the shell asks too)"
      sources: [ai_session, background_job]
      ignore_programs: true
      paths:
        - "**/.git"
        - "**/.git/hooks"
        - "**/.git/hooks/**"
        - "**/.git/config"
        - "**/.git/config.worktree"
        - "**/.git/info/**"
        - "**/.git/modules/**/info/**"
        - "**/.git/modules/**/hooks/**"
        - "**/.git/modules/**/config"
        - "**/.git/worktrees/*/config.worktree"
        - "**/.gitconfig"
        - "**/.config/git/**"
        - "**/.gitconfig.local"
        - "**/etc/gitconfig"
        - "**/.husky"
        - "**/.husky/**"
        - "**/.huskyrc"
        - "**/.huskyrc.*"
        - "**/husky.config.{js,cjs,mjs}"
        - "**/.githooks"
        - "**/.githooks/**"
        - "**/.pre-commit-config.yaml"
        - "**/lefthook.{yml,yaml,json,jsonc,toml}"
        - "**/.lefthook.{yml,yaml,json,jsonc,toml}"
        - "**/lefthook-local.{yml,yaml,json,jsonc,toml}"
        - "**/.lefthook-local.{yml,yaml,json,jsonc,toml}"
        - "**/.lefthook/**"
        - "**/.lefthook-local/**"
        - "**/.overcommit.yml"
        - "**/.git-hooks/**"
        - "**/.lintstagedrc"
        - "**/.lintstagedrc.*"
        - "**/lint-staged.config.{js,cjs,mjs,ts,cts,mts}"
        - "**/.simple-git-hooks.*"
        - "**/simple-git-hooks.{js,cjs,mjs,json}"
    - decision: require_human
      reason: "this call names a file that runs code when a person next opens a shell, opens the project in an editor, starts an agent or logs in, or at a set time (a shell's startup file, which also sets the environment the agents and hookrun start with, an editor's tasks, settings or startup file, direnv's or mise's, an agent's MCP servers or language servers, which it starts with no hook, or its status line, a program on PATH, which a global install or a link puts there (npm -g, npm link, pnpm link --global, bun link, deno install -g, pip --user: install into the project's node_modules or .venv instead), an editor's extension, a tool's credential helper or runner, a service, a cron table, ssh's configuration), outside the agent's session and its guards: a person must approve"
      sources: [ai_session, background_job]
      ignore_programs: true
      paths:
        - "**/.bashrc"
        - "**/.bashrc.d/**"
        - "**/.bash_profile"
        - "**/.bash_login"
        - "**/.bash_logout"
        - "**/.profile"
        - "**/.zshenv"
        - "**/.zprofile"
        - "**/.zshrc"
        - "**/.zlogin"
        - "**/.zlogout"
        - "**/.kshrc"
        - "**/.mkshrc"
        - "**/.cshrc"
        - "**/.tcshrc"
        - "**/.login"
        - "**/.config/fish"
        - "**/.config/fish/**"
        - "**/.config/powershell/**"
        - "**/Documents/PowerShell/**"
        - "**/Documents/WindowsPowerShell/**"
        - "**/.config/environment.d/**"
        - "**/etc/profile"
        - "**/etc/profile.d/**"
        - "**/etc/bash.bashrc"
        - "**/etc/bashrc"
        - "**/etc/environment"
        - "**/etc/zshenv"
        - "**/etc/zprofile"
        - "**/etc/zshrc"
        - "**/etc/zsh/**"
        - "**/.mcp.json"
        - "**/.claude.json"
        - "**/.cursor/mcp.json"
        - "**/.github/mcp.json"
        - "**/.github/lsp.json"
        - "**/.bash_aliases"
        - "**/.bashrc.local"
        - "**/.zshrc.local"
        - "**/.zshrc.d/**"
        - "**/.profile.d/**"
        - "**/.oh-my-zsh/**"
        - "**/.zprezto/**"
        - "**/.zpreztorc"
        - "**/.p10k.zsh"
        - "**/.nvm/nvm.sh"
        - "**/.cargo/env"
        - "**/.cargo/env.*"
        # directories of programs, for any program (kept in step with the first rule's)
        - "**/.local/bin/**"
        - "**/.cargo/bin/**"
        - "/home/*/bin/**"
        - "/Users/*/bin/**"
        - "/root/bin/**"
        - "/usr/local/bin/**"
        - "/usr/local/sbin/**"
        - "/opt/homebrew/bin/**"
        - "/opt/homebrew/sbin/**"
        - "**/go/bin/**"
        - "**/.{asdf,pyenv,rbenv,nodenv,goenv,jenv,proto,rye}/shims/**"
        - "**/mise/shims/**"
        - "**/.{bun,deno,volta,proto,pixi,nix-profile,pyenv}/bin/**"
        - "**/{.local/share,Library,AppData/Local}/pnpm/*"
        - "**/.dotnet/tools/**"
        - "**/.nvm/versions/node/*/bin/**"
        - "**/{.fnm,fnm}/{aliases,node-versions}/**/bin/**"
        - "**/mise/installs/*/*/bin/**"
        - "**/.sdkman/candidates/*/*/bin/**"
        - "**/AppData/Local/Microsoft/WindowsApps/**"
        - "**/{AppData/Roaming/Python,AppData/Local/Programs/Python}/*/Scripts/**"
        - "?:/Python*/Scripts/**"
        - "?:/Program Files/Python*/Scripts/**"
        # direnv's and mise's files
        - "**/.envrc"
        - "**/.direnvrc"
        - "**/.config/direnv/**"
        - "**/.local/share/direnv/**"
        - "**/mise.toml"
        - "**/.mise.toml"
        - "**/mise.*.toml"
        - "**/.mise.*.toml"
        - "**/.mise/**"
        - "**/mise/config.toml"
        - "**/.config/mise/**"
        - "**/.config/mise.toml"
        - "**/devbox.json"
        - "**/.vscode/tasks.json"
        - "**/.vscode/settings.json"
        - "**/*.code-workspace"
        - "**/.devcontainer.json"
        - "**/.devcontainer/**/devcontainer.json"
        - "**/.idea/workspace.xml"
        - "**/.idea/watcherTasks.xml"
        - "**/.zed/settings.json"
        - "**/{Code,Code - Insiders,VSCodium,Cursor,Windsurf}/User/{settings,tasks}.json"
        - "**/.vscode-server/data/{Machine,User}/settings.json"
        - "**/.config/zed/{settings,tasks}.json"
        - "**/.vimrc"
        - "**/.vim/**"
        - "**/.config/nvim/**"
        - "**/.emacs"
        - "**/.emacs.d/**"
        - "**/.config/emacs/**"
        - "**/.tmux.conf"
        - "**/.config/tmux/**"
        - "**/.config/starship.toml"
        - "**/site-packages/*.pth"
        - "**/site-packages/sitecustomize.py"
        - "**/site-packages/usercustomize.py"
        - "**/.ipython/profile_*/startup/**"
        - "**/.Rprofile"
        - "**/.irbrc"
        - "**/.pryrc"
        - "**/.gdbinit"
        - "**/.xprofile"
        - "**/.xinitrc"
        - "**/.xsession"
        - "**/.pam_environment"
        - "**/.bash_completion"
        - "**/.bash_completion.d/**"
        - "**/.local/share/bash-completion/**"
        - "**/.local/share/nvim/**"
        - "**/.vscode/extensions/**"
        - "**/.vscode-insiders/extensions/**"
        - "**/.vscode-oss/extensions/**"
        - "**/.vscode-server/extensions/**"
        - "**/.cursor/extensions/**"
        - "**/.cursor-server/extensions/**"
        - "**/.windsurf/extensions/**"
        - "**/.claude/statusline*"
        - "**/.docker/config.json"
        - "**/.docker/cli-plugins/**"
        - "**/.kube/config"
        - "**/.aws/config"
        - "**/.gnupg/gpg-agent.conf"
        - "**/.config/gh/config.yml"
        - "**/.cargo/config"
        - "**/.cargo/config.toml"
        - "**/.config"
        - "**/.vscode"
        - "**/.devcontainer"
        - "**/.idea"
        - "**/.zed"
        - "**/.config/zed"
        - "**/{Code,Code - Insiders,VSCodium,Cursor,Windsurf}/User"
        - "**/.ssh"
        - "**/.docker"
        - "**/.kube"
        - "**/.aws"
        - "**/.gnupg"
        - "**/.cargo"
        - "**/.config/gh"
        - "**/.config/autostart/**"
        - "**/etc/xdg/autostart/**"
        - "**/.config/systemd/user/**"
        - "**/.local/share/systemd/user/**"
        - "**/etc/systemd/**"
        - "**/Library/LaunchAgents/**"
        - "**/Library/LaunchDaemons/**"
        - "**/etc/crontab"
        - "**/etc/anacrontab"
        - "**/etc/cron.*/**"
        - "**/var/spool/cron/**"
        - "**/.ssh/config"
        - "**/.ssh/config.d/**"
        - "**/.ssh/rc"
        - "**/etc/ssh/ssh_config"
        - "**/etc/ssh/ssh_config.d/**"
        - "**/etc/ssh/sshrc"
    - decision: require_human
      reason: "this command sets up code that runs later, outside the agent's session and its guards (git hooks a hook manager installs, a git setting whose value git runs, the user's or the system's git configuration, a cron table, a service, an editor extension, direnv's or mise's trust in a file, npm's configuration): a person must approve"
      sources: [ai_session, background_job]
      commands:
        - husky init
        - pre-commit install|install-hooks|init-templatedir
        - lefthook install|add
        - overcommit --install
        - git config --global|--system|--file|-f
        - git config alias.*|core.fsmonitor|core.fsMonitor|core.pager|core.editor|core.sshCommand|core.askPass|core.gitProxy|core.hooksPath|credential.helper|credential.*.helper|diff.external|diff.*.textconv|diff.*.command|filter.*|merge.*.driver|gpg.program|gpg.*.program|sequence.editor|pager.*|include.path|includeIf.*|hook.*|init.templateDir|remote.*.uploadpack|remote.*.receivepack|difftool.*.cmd|mergetool.*.cmd|sendemail.sendmailCmd|uploadpack.packObjectsHook
        - crontab
        - direnv allow|permit|grant
        - mise trust
        - systemctl link|enable|reenable|edit|set-environment|import-environment
        - launchctl load|bootstrap|enable|submit|setenv
        - code|code-insiders|codium|cursor|windsurf --install-extension
        - npm|pnpm config set|edit
        - npm set
        - yarn config set
    - decision: require_human
      reason: "this call names a .env file, which Gemini CLI loads into the environment its hooks, hookrun's among them, start with (a variable there, such as HOOKRUN_HOOKS_DIR or a proxy's, would turn every guard off or point it elsewhere): a person must approve"
      sources: [ai_session, background_job]
      ignore_programs: true
      paths:
        - "**/.gemini/.env"
        - "**/.env"
    - decision: require_human
      reason: "this command changes which files git shows as changed, with no diff showing it (the work tree git looks at, what it ignores, which index entries it takes as unchanged, which commit a name stands for): the changed files hookrun gives SessionStop's hooks, and a guard's own git status, would miss what the agent did: a person must approve"
      sources: [ai_session, background_job]
      commands:
        - git config core.*|extensions.*
        - git update-index --assume-unchanged|--skip-worktree
        - git replace
    - decision: require_human
      reason: "this command stops processes by a name or pattern (pkill, killall, fuser -k, Stop-Process -Name, taskkill /IM), every process (kill -1), or one only known when it runs, or takes over a running one (gdb -p, strace -p): it may end hookrun itself or make it answer as told, and a loop of it in the background would end the guards' check of every later call, which most agents then let through: a person must approve (to stop a process of your own, give kill its number)"
      sources: [ai_session, background_job]
      commands:
        - pkill|killall|killall5|skill
        - fuser -k
        - kill -1
        - kill -- *
        - kill hookrun*
        - gdb|gdb-multiarch|cgdb -p|--pid
        - lldb -p|--attach-pid|-n|--attach-name
        - strace|ltrace -p
        - Stop-Process -Name|-ProcessName|-InputObject
        - taskkill /IM|/im|/Im|/iM|/FI|/fi|/Fi|/fI
        - wmic process
    - decision: require_human
      reason: "this command may install a program named hookrun into a directory on PATH (brew install, upgrade or reinstall of a formula named hookrun or from a tap, a file or a URL, or brew tap; pipx, gem, cargo or uv tool install or cargo-binstall, whose programs only the package names; go install of a package named hookrun or of a pattern with ..., whose programs the repository names; mise use of a backend tool): one ahead of the real hookrun answers every hook the agents call and runs none: a person must approve"
      sources: [ai_session, background_job]
      commands:
        - brew install|reinstall|upgrade|link hookrun|*/*
        - brew tap
        - pipx install|reinstall|reinstall-all|upgrade|upgrade-all|inject
        - gem install|update
        - cargo-binstall
        - go install */hookrun|*/hookrun/|*/hookrun@*|*/hookrun/v*|*...|*...@*
        - cargo install|binstall
        - uv tool install|upgrade
        - mise|rtx use|u *:*
`

// What happened to one path.
const (
	Created = "created"
	Exists  = "exists"
	Updated = "updated"
)

// Item is one path Init or New looked after. Path is relative to the root.
type Item struct {
	Path   string
	Action string
	Note   string // why the path matters, or what to do about it
}

// logsIgnore keeps the audit log out of version control.
const logsIgnore = "# hookrun's audit log: hookrun emit appends a JSON line per hook run.\n" +
	audit.FileName + "\n"

// Init lays out a project in root: the hooks and scripts directories, the
// .gitignore beside the audit log, the protect_hooks guard and the editor
// schema. It is idempotent: what exists is left alone, except the schema,
// a generated file that is refreshed when this hookrun's differs, and a
// guard an earlier hookrun wrote and nobody changed (guardItem).
func Init(root string) ([]Item, error) {
	var items []Item
	for _, d := range []struct{ path, note string }{
		{HooksDir, "hook declarations, one YAML file per hook"},
		{ScriptsDir, "handler scripts"},
	} {
		made, err := ensureDir(root, filepath.Join(root, d.path))
		if err != nil {
			return items, err
		}
		items = append(items, Item{d.path + string(filepath.Separator), action(made), d.note})
	}

	ignore := Item{Path: LogsIgnore, Note: "keeps the audit log " + audit.FileName + " out of git"}
	made, err := writeNew(root, filepath.Join(root, LogsIgnore), []byte(logsIgnore), 0o644)
	if err != nil {
		return items, err
	}
	ignore.Action = action(made)
	if !made {
		data, err := safefile.ReadFile(filepath.Join(root, LogsIgnore), 1<<20)
		if err != nil {
			return items, fmt.Errorf("%s: %w", LogsIgnore, err)
		}
		if !bytes.Contains(data, []byte(audit.FileName)) {
			ignore.Note = fmt.Sprintf("does not mention %s: add it to keep the audit log out of git", audit.FileName)
		}
	}
	items = append(items, ignore)

	guard, err := guardItem(root)
	if err != nil {
		return items, err
	}
	items = append(items, guard)

	sch := Item{Path: SchemaFile, Note: "JSON Schema for editors (hookrun schema)"}
	sch.Action, err = refresh(root, filepath.Join(root, SchemaFile), schema.JSON())
	if err != nil {
		return items, err
	}
	items = append(items, sch)
	return items, nil
}

// Notes says what init in dir means for the commands and agents that
// start elsewhere: a project further up is no longer the one the commands
// use from here; or, with none, below the top of a git work tree, an agent
// started at the top looks for hooks from there upward and never finds
// these (the same as hookrun install's note on a directory with no hooks).
func Notes(dir string) []string {
	if parent, err := config.Discover(filepath.Dir(dir), ""); err == nil && parent.Found {
		return []string{parent.Root + " is a hookrun project too; from here down, commands now use this one"}
	}
	for d := dir; !config.GitTop(d) && d != filepath.Dir(d); {
		if d = filepath.Dir(d); config.GitTop(d) {
			top, err := filepath.Rel(dir, d)
			if err != nil {
				top = d
			}
			return []string{fmt.Sprintf("this directory is below the top of its git work tree (%s): an agent started there looks for hooks from there upward and never finds these; run hookrun init at the top instead, unless the agent always starts here or below", top)}
		}
	}
	return nil
}

func action(made bool) string {
	if made {
		return Created
	}
	return Exists
}

// dirOf opens, for writing, the directory that holds path: beneath root
// without following any symbolic link (creating what is missing), or,
// for a path outside root that the person chose, the directory as given.
func dirOf(root, path string) (*safefile.Dir, error) {
	if rel, ok := safefile.Beneath(root, filepath.Dir(path)); ok {
		return safefile.OpenDir(root, rel, true)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	return safefile.OpenDir(filepath.Dir(path), ".", false)
}

// ensureDir creates dir beneath root (and its parents) unless it exists;
// made says whether it had to. A symbolic link on the way is refused: no
// command writes through one.
func ensureDir(root, dir string) (made bool, err error) {
	st, err := os.Lstat(dir)
	switch {
	case err == nil && st.IsDir():
	case err == nil && st.Mode()&fs.ModeSymlink != 0:
		return false, &safefile.SymlinkError{Path: dir}
	case err == nil:
		return false, fmt.Errorf("%s exists and is not a directory", dir)
	case !errors.Is(err, fs.ErrNotExist):
		return false, err
	default:
		made = true
	}
	d, err := dirOf(root, filepath.Join(dir, "x"))
	if err != nil {
		return false, err
	}
	return made, d.Close()
}

// writeNew creates path with data, creating its directory; made is false,
// and nothing is written, when a regular file is there already. It never
// follows a symbolic link: one in the way is an error.
func writeNew(root, path string, data []byte, perm fs.FileMode) (made bool, err error) {
	d, err := dirOf(root, path)
	if err != nil {
		return false, err
	}
	defer d.Close()
	f, err := d.OpenFile(filepath.Base(path), os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return false, err
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return false, err
	}
	return true, nil
}

// refresh makes path hold data: created, updated, or already so. A
// symbolic link at path is refused, never written through.
func refresh(root, path string, data []byte) (string, error) {
	d, err := dirOf(root, path)
	if err != nil {
		return "", err
	}
	defer d.Close()
	f, err := d.OpenFile(filepath.Base(path), os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := writeNew(root, path, data, 0o644); err != nil {
			return "", err
		}
		return Created, nil
	}
	if err != nil {
		return "", err
	}
	old, err := io.ReadAll(io.LimitReader(f, int64(len(data))+1))
	f.Close()
	if err != nil {
		return "", err
	}
	if bytes.Equal(old, data) {
		return Exists, nil
	}
	if err := d.WriteFile(filepath.Base(path), data, 0o644); err != nil {
		return "", err
	}
	return Updated, nil
}

// SchemaRef is the $schema reference from a hook file in hooksDir to the
// project's schema file, or "" when root has none.
func SchemaRef(root, hooksDir string) string {
	target := filepath.Join(root, SchemaFile)
	if _, err := os.Stat(target); err != nil {
		return ""
	}
	rel, err := filepath.Rel(hooksDir, target)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(rel)
}

// rel is a path relative to root when it lies inside it.
func rel(root, path string) string {
	r, err := filepath.Rel(root, path)
	if err != nil || strings.HasPrefix(r, "..") {
		return path
	}
	return r
}

// Shown is path as new and init print it: relative to the working
// directory cwd when it lies below it.
func Shown(cwd, path string) string {
	r, err := filepath.Rel(cwd, path)
	if err != nil || strings.HasPrefix(r, "..") {
		return path
	}
	return r
}
