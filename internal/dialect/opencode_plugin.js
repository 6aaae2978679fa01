// hookrun emit --dialect opencode: written by `hookrun install opencode`.
// Run that command again to update this file; edits here are overwritten.
//
// It runs this repository's .system/hooks through hookrun on OpenCode's
// prompts, tool calls and idle sessions, and fails closed: when hookrun is
// missing, fails, times out or answers with something it cannot read, the
// prompt or tool call is blocked, with a reason saying what to do.
import { spawn } from "node:child_process"
import { isAbsolute, resolve as resolvePath } from "node:path"

// HOOKRUN is "hookrun" from PATH, or the path install --hookrun named:
// a relative one is relative to the project directory.
const HOOKRUN = "hookrun" /* HOOKRUN */
const ARGV = ["emit", "--dialect", "opencode"] /* ARGV */
const TIMEOUT_MS = 120000 /* TIMEOUT_MS */
const FILE = ".opencode/plugins/hookrun.js"
const KEEP = 1 << 20 // bytes of hookrun's stdout and stderr kept
const TOOL_OUTPUT = 256 << 10 // characters of a tool's output sent to the hooks

// run sends payload to hookrun on stdin, with no shell in between, and
// collects what it says. It never rejects.
function run(payload, cwd) {
  return new Promise((resolve) => {
    let input
    try {
      input = JSON.stringify(payload)
    } catch (e) {
      resolve({ problem: `the call could not be encoded for hookrun (${e.message})` })
      return
    }
    let child
    try {
      const bin = HOOKRUN === "hookrun" || isAbsolute(HOOKRUN) ? HOOKRUN : resolvePath(cwd, HOOKRUN)
      child = spawn(bin, ARGV, { cwd, stdio: ["pipe", "pipe", "pipe"] })
    } catch (e) {
      resolve({ error: e })
      return
    }
    const out = []
    const err = []
    let outBytes = 0
    let errBytes = 0
    let timedOut = false
    let done = false
    let killer
    const finish = (r) => {
      if (done) return
      done = true
      clearTimeout(timer)
      clearTimeout(killer)
      resolve({ ...r, timedOut, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") })
    }
    // hookrun ends its handlers on SIGTERM; one that ignores it is killed,
    // and the answer never waits longer than two seconds more.
    const timer = setTimeout(() => {
      timedOut = true
      child.kill("SIGTERM")
      killer = setTimeout(() => {
        child.kill("SIGKILL")
        finish({ code: null, signal: "SIGKILL" })
      }, 2000)
    }, TIMEOUT_MS)
    child.stdout.on("data", (b) => {
      if (outBytes < KEEP) out.push(b)
      outBytes += b.length
    })
    child.stderr.on("data", (b) => {
      if (errBytes < KEEP) err.push(b)
      errBytes += b.length
    })
    child.on("error", (e) => finish({ error: e }))
    child.on("close", (code, signal) => finish({ code, signal }))
    child.stdin.on("error", () => {}) // hookrun may exit before reading all of it
    child.stdin.end(input)
  })
}

function oneLine(s, max = 2000) {
  s = String(s).replace(/\s+/g, " ").trim()
  return s.length > max ? s.slice(0, max) + "…" : s
}

// ask runs hookrun and returns its answer, or the problem that kept it
// from answering, with what a person can do about it.
async function ask(payload, cwd) {
  const r = await run(payload, cwd)
  if (r.problem) return { problem: r.problem }
  if (r.error) {
    if (r.error.code === "ENOENT")
      return { problem: HOOKRUN === "hookrun"
        ? `hookrun is not installed or not on PATH, so the hooks in .system/hooks did not run: install hookrun, or remove ${FILE}`
        : `${HOOKRUN} is missing, so the hooks in .system/hooks did not run: install hookrun there (npm install), or remove ${FILE}` }
    return { problem: `hookrun could not be started (${r.error.message}): check that ${HOOKRUN === "hookrun" ? "hookrun on PATH" : HOOKRUN} runs, or remove ${FILE}` }
  }
  if (r.timedOut)
    return { problem: `hookrun did not answer within ${TIMEOUT_MS / 1000}s and was stopped: speed up the slow hook, or re-run 'hookrun install opencode --timeout' with a longer one` }
  if (r.code !== 0) {
    const how = r.signal ? `was killed by ${r.signal}` : `exited ${r.code}`
    const why = oneLine(r.stderr)
    return { problem: `hookrun ${how}${why ? ": " + why : " and said nothing"}` }
  }
  let answer
  try {
    answer = JSON.parse(r.stdout)
  } catch {
    answer = null
  }
  if (!answer || typeof answer !== "object" || (answer.action !== "allow" && answer.action !== "block"))
    return { problem: `hookrun's answer could not be read (${oneLine(r.stdout, 200) || "no output"}): check that the hookrun on PATH supports --dialect opencode` }
  return { answer }
}

function text(v) {
  return typeof v === "string" && v !== "" ? v : ""
}

export const HookrunPlugin = async ({ client, directory }) => {
  // sessionID: a prompt's context, for the system prompt of every model call
  // until the session is idle. OpenCode calls the system transform with the
  // same input for the session's title (on the small model, often first)
  // and for each step, and the system prompt is not kept in the history, so
  // context given to one call only would miss the steps after it.
  const forModel = new Map()
  const forResult = new Map() // callID: an allowed call's context, for its result
  const started = new Map() // callID: when the call was allowed
  const pending = new Set() // session-end runs, awaited when OpenCode disposes of the plugin

  const log = (level, message) => {
    try {
      const p = client?.app?.log?.({ body: { service: "hookrun", level, message } })
      p?.catch?.(() => {})
    } catch {}
  }
  const toast = (message) => {
    try {
      const p = client?.tui?.showToast?.({ body: { title: "hookrun", message, variant: "error" } })
      p?.catch?.(() => {})
    } catch {}
  }
  // guard: a prompt or a tool call goes ahead only on hookrun's allow.
  const guard = async (payload) => {
    const r = await ask(payload, directory)
    if (r.problem) {
      log("error", r.problem)
      toast(r.problem)
      throw new Error(`${r.problem} (this ${payload.hook_event_name === "chat.message" ? "message" : "tool call"} is blocked until hookrun can check it)`)
    }
    if (text(r.answer.message)) log("warn", r.answer.message)
    if (r.answer.action === "block") {
      const reason = text(r.answer.reason) || "blocked by hookrun"
      // `opencode run` shows a message its plugin refused as an unexpected
      // server error: the log and the TUI's toast carry the reason too.
      if (payload.hook_event_name === "chat.message") {
        log("error", `message blocked: ${reason}`)
        toast(`message blocked: ${reason}`)
      }
      throw new Error(reason)
    }
    return r.answer
  }
  // report: post-call and session-end hooks never stop OpenCode.
  const report = async (payload) => {
    const r = await ask(payload, directory)
    if (r.problem) log("error", r.problem)
    else if (text(r.answer.message)) log("warn", r.answer.message)
  }

  return {
    "chat.message": async (input, output) => {
      const parts = Array.isArray(output?.parts) ? output.parts : []
      const prompt = parts
        .filter((p) => p?.type === "text" && !p.synthetic && typeof p.text === "string")
        .map((p) => p.text)
        .join("\n")
      const files = parts.filter((p) => p?.type === "file").map((p) => p.filename || p.url).filter((f) => typeof f === "string")
      const a = await guard({
        hook_event_name: "chat.message",
        session_id: input?.sessionID,
        cwd: directory,
        prompt,
        files,
        agent: input?.agent,
        model: input?.model,
        message_id: input?.messageID,
      })
      forModel.delete(input?.sessionID)
      if (text(a.context)) forModel.set(input.sessionID, a.context)
    },
    "experimental.chat.system.transform": async (input, output) => {
      const c = forModel.get(input?.sessionID)
      if (c && Array.isArray(output?.system)) output.system.push(c)
    },
    "tool.execute.before": async (input, output) => {
      const a = await guard({
        hook_event_name: "tool.execute.before",
        session_id: input?.sessionID,
        cwd: directory,
        tool_name: input?.tool,
        tool_use_id: input?.callID,
        tool_input: output?.args,
      })
      started.set(input.callID, Date.now())
      if (text(a.context)) forResult.set(input.callID, a.context)
    },
    "tool.execute.after": async (input, output) => {
      const start = started.get(input?.callID)
      started.delete(input?.callID)
      const context = forResult.get(input?.callID)
      forResult.delete(input?.callID)
      let response = output
      if (typeof output?.output === "string" && output.output.length > TOOL_OUTPUT)
        response = { ...output, output: output.output.slice(0, TOOL_OUTPUT), output_truncated: true }
      await report({
        hook_event_name: "tool.execute.after",
        session_id: input?.sessionID,
        cwd: directory,
        tool_name: input?.tool,
        tool_use_id: input?.callID,
        tool_input: input?.args,
        tool_response: response,
        ...(start === undefined ? {} : { duration_ms: Date.now() - start }),
      })
      if (context && typeof output?.output === "string") output.output += "\n\n" + context
    },
    event: async ({ event }) => {
      if (event?.type !== "session.idle") return
      forModel.delete(event.properties?.sessionID)
      const p = report({ hook_event_name: "session.idle", session_id: event.properties?.sessionID, cwd: directory })
      pending.add(p)
      try {
        await p
      } finally {
        pending.delete(p)
      }
    },
    dispose: async () => {
      await Promise.allSettled([...pending])
    },
  }
}
