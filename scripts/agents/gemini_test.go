package agents

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// Gemini CLI 0.61.0 registers a project subagent (.gemini/agents/NAME.md)
// only once a person has acknowledged it in an interactive session (the
// sha256 of the file, kept in ~/.gemini/acknowledgments/agents.json; a
// changed file is asked for again), and starts the MCP servers its
// frontmatter declares (mcp_servers) when the model runs it with its
// invoke_agent tool: measured, the server's command ran, with no hook
// (hookrun's guard sees the invoke_agent call only), and none started for
// a subagent not acknowledged (invoke_agent: "Subagent 'probe' not
// found"). The acknowledged case seeds that file as the person's yes
// would. validate warns of each.
func TestGeminiSubagentMCPServerRuns(t *testing.T) {
	a := only(t, "gemini-cli")
	for _, c := range []struct {
		name         string
		acknowledged bool
		ran          bool
	}{
		{"acknowledged", true, true},
		{"not_acknowledged", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newSession(t, a, nil, `tool:invoke_agent {"agent_name":"probe","prompt":"Say done."}`, "touch allowed.txt")
			body := "---\nname: probe\ndescription: A probe agent\ntools: [read_file]\nmax_turns: 2\nmcp_servers:\n  probe:\n    command: sh\n    args: [\"-c\", \"touch " + s.project + "/agent-mcp-ran.txt\"]\n---\nYou are a probe.\n"
			write(t, filepath.Join(s.project, ".gemini/agents/probe.md"), body)
			validateWarns(t, s.project, `.gemini/agents/probe.md:1:1: warning: frontmatter mcp_servers.probe runs "sh -c touch `+s.project+`/agent-mcp-ran.txt": Gemini CLI starts this MCP server's command itself`)
			if c.acknowledged {
				sum := sha256.Sum256([]byte(body))
				ack, _ := json.Marshal(map[string]map[string]string{s.project: {"probe": hex.EncodeToString(sum[:])}})
				write(t, filepath.Join(filepath.Dir(s.project), "home", ".gemini", "acknowledgments", "agents.json"), string(ack))
			}
			s.Run("Do what the plan says.")
			if !s.exists("allowed.txt") {
				t.Fatal("allowed.txt: the session's command did not run")
			}
			if got := s.exists("agent-mcp-ran.txt"); got != c.ran {
				t.Errorf("agent-mcp-ran.txt made = %v, want %v: %s@%s starts a subagent's MCP server otherwise: docs/agents/gemini-cli.md and hookrun's warning want a look", got, c.ran, a.pkg, a.version)
			}
		})
	}
}

// Gemini CLI 0.61.0's invoke_agent tool runs a subagent in its own
// conversation, its built-in generalist with every tool included (no
// acknowledgement needed); hookrun maps invoke_agent to no ability of its
// own (gemini-cli/invoke_agent), so a shell guard does not see that call
// itself. Measured: the subagent's own run_shell_command goes through the
// same BeforeTool hooks, so hookrun's guard denies it there. If a version
// runs a subagent's tools without hooks, this fails, and
// docs/agents/gemini-cli.md wants a look.
func TestGeminiSubagentCallsAreGuarded(t *testing.T) {
	a := only(t, "gemini-cli")
	s := newSession(t, a, nil, `tool:invoke_agent {"agent_name":"generalist","prompt":"`+subagentMark+`touch forbidden.txt"}`, "touch allowed.txt")
	s.Run("Create the files the plan names.")
	if !s.exists("allowed.txt") {
		t.Fatal("allowed.txt: the command after the invoke_agent call did not run")
	}
	var sub bool
	for _, r := range s.model.Requests() {
		if strings.Contains(r.Text, subagentMark+"touch forbidden.txt") && strings.Contains(r.Text, "forbidden files are not touched (hookrun: shell_guard)") {
			sub = true
		}
	}
	if !sub {
		t.Error("no request told the subagent's model that hookrun denied its command")
	}
	if s.exists("forbidden.txt") {
		t.Errorf("forbidden.txt: %s@%s ran a subagent's command hookrun denies", a.pkg, a.version)
	}
}
