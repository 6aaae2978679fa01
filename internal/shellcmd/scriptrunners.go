package shellcmd

import (
	"slices"
	"strings"
)

// Programs that run a package.json's scripts by name, read as the npm lines they amount to:
// npm-run-all (run-s, run-p) runs npm run NAME for each name, concurrently each of its command
// lines (npm:NAME is npm run NAME), turbo and lerna each task's script in the packages.

// scriptRunner reports whether name runs a package.json's scripts by name.
func scriptRunner(name string) bool {
	switch name {
	case "npm-run-all", "npm-run-all2", "run-s", "run-p", "concurrently", "turbo", "lerna":
		return true
	}
	return false
}

// scriptRunnerRuns reads the scripts cmd (a scriptRunner) runs, each as the line npm runs it
// with; a pattern of names (run-p 'watch:*', npm:lint:*) is unresolved: hookrun does not list
// the scripts it matches. False for a command of the program's own (lerna exec, turbo prune),
// left to be read as a program hookrun has no reading for.
func (r *reader) scriptRunnerRuns(cmd Command, depth int) bool {
	var values []string // options that take the next word as their value
	switch cmd.Name {
	case "concurrently":
		values = []string{"-n", "--names", "--name-separator", "-s", "--success", "--hide", "-c", "--prefix-colors", "-p",
			"--prefix", "-l", "--prefix-length", "-t", "--timestamp-format", "-ks", "--kill-signal", "--restart-tries",
			"--restart-after", "-m", "--max-processes", "--default-input-target", "--pad-prefix", "-g", "--group"}
	case "turbo":
		values = []string{"-F", "--filter", "--concurrency", "--cache-dir", "--output-logs", "--log-order", "--log-prefix",
			"--env-mode", "--cache", "--profile", "--team", "--token", "--api", "--login", "--heap", "--global-deps", "--ui"}
	case "lerna":
		values = []string{"--scope", "--ignore", "--concurrency", "--since", "--loglevel", "--npm-client"}
	default:
		values = []string{"--max-parallel"}
	}
	npm := "npm"
	var words []Arg
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		name, value, hasValue := strings.Cut(a.Value, "=")
		switch {
		case a.Value == "--" && !a.Dynamic:
			i = len(cmd.Args) // npm-run-all's arguments for {1}, turbo's for the tasks: no script's name
		case (name == "--npm-path" || name == "--teardown") && !a.Dynamic:
			v := Arg{Value: value}
			if !hasValue && i+1 < len(cmd.Args) {
				v, i = cmd.Args[i+1], i+1
			}
			if name == "--teardown" {
				words = append(words, v) // concurrently runs it once the others end
			} else if !v.Dynamic {
				npm = v.Value // npm-run-all runs each script with that program
			} else {
				r.unresolved("%s runs the scripts with the program %s, only known when the line runs", cmd.Name, v.Value)
				return true
			}
		case slices.Contains(values, a.Value) && !a.Dynamic:
			i++
		case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
		default:
			words = append(words, a)
		}
	}
	switch cmd.Name {
	case "turbo", "lerna":
		if len(words) > 0 && !words[0].Dynamic && (words[0].Value == "run" || words[0].Value == "watch" && cmd.Name == "turbo") {
			words = words[1:]
		} else if cmd.Name == "lerna" || len(words) > 0 && !words[0].Dynamic && turboCommand(words[0].Value) {
			return false // lerna's and turbo's own commands (turbo build is turbo run build)
		}
	}
	for _, w := range words {
		line, name := "", "" // the line it runs, and the script's name in it
		switch {
		case w.Dynamic:
			line = npm + " run " + w.Value
		case cmd.Name == "concurrently":
			line = w.Value // a command line, or npm:NAME
			if m, n, ok := strings.Cut(w.Value, ":"); ok && (m == "npm" || m == "yarn" || m == "pnpm" || m == "bun") {
				line, name = m+" run "+n, n
			}
		case cmd.Name == "turbo" || cmd.Name == "lerna":
			name = w.Value
			if _, t, ok := strings.Cut(name, "#"); ok {
				name = t // pkg#task, //#task: the task of that package, or the root's
			}
			line = "npm run " + name + " && npm run " + name + " --workspaces" // the root's and every package's
		default:
			line, name = npm+" run "+w.Value, w.Value // the name with its words: run-s "build -- --prod"
		}
		if strings.ContainsAny(name, "*?[{!") {
			r.unresolved("%s runs the scripts %s matches, which hookrun does not list", cmd.Name, name)
			continue
		}
		r.script(line, depth+1)
	}
	return true
}

// turboCommand reports whether turbo reads the word as a command of its own, not a task to run.
func turboCommand(word string) bool {
	switch word {
	case "prune", "login", "logout", "link", "unlink", "daemon", "gen", "generate", "info", "ls", "query", "scan",
		"telemetry", "boundaries", "bin", "completion", "devtools", "docs", "config":
		return true
	}
	return false
}
