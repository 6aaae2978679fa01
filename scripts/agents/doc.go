// Package agents is the agents suite (make test-agents): the real agent CLIs,
// at the versions pinned in scripts/agents/versions, run headless against a
// mock model server with settings written by hookrun install. Its tests run
// only when scripts/agents/run.sh points them at the installed agents.
package agents
