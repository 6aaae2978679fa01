package agents

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
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
