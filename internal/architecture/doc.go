// Package architecture holds no code: its test keeps the package map of
// docs/architecture.md true. An event flows one way through hookrun:
//
//	stdin ─► event (parse and check the context; dialect reads an agent's payload)
//	.system/hooks ─► config (decode, validate, positions) ◄─ declcache (between runs)
//	        ─► match (which hooks run) ─► emit (runs each handler by kind)
//	        ─► exec (processes) ─► protocol (a handler's answer becomes a report)
//	        ─► merge (reports become one result) ─► stdout, audit
//
// The rules the test holds, each a reason the flow stays one way:
//   - exec, the process runner, is a leaf: it imports no hookrun package.
//   - config reads declarations and knows nothing of processes.
//   - merge takes reports and knows neither declarations nor processes.
//   - cmd/hookrun only wires flags to the use cases in internal/.
package architecture
