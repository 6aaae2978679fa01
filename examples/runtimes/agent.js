#!/usr/bin/env node
// How an agent runtime calls hookrun, in Node.js.
//
// One hookrun process per event: the context goes in as JSON on stdin, the
// exit code says what to do (0 allow, 2 deny, 3 ask a human, 1 hookrun
// could not judge: no hook ran), and stdout holds the merged result for
// the details: reasons, signals for the AI, logs.
//
// The session below runs against the hook set of examples/ (this file's
// parent directory). HOOKRUN names the binary; default: hookrun on PATH.
'use strict';

const { spawnSync } = require('child_process');
const path = require('path');

const PROJECT = path.dirname(__dirname);
const HOOKRUN = process.env.HOOKRUN || 'hookrun';
const DECISIONS = { 0: 'allow', 2: 'deny', 3: 'require_human' };

// emit runs the hooks of one event and returns [decision, result], or
// [null, null] when hookrun could not do its job (exit 1).
function emit(event, context) {
  const proc = spawnSync(HOOKRUN, ['emit', event], {
    input: JSON.stringify(context),
    cwd: PROJECT,
    encoding: 'utf8',
  });
  if (proc.error) throw proc.error;
  if (!(proc.status in DECISIONS)) {
    process.stderr.write(proc.stderr);
    return [null, null];
  }
  const result = JSON.parse(proc.stdout);
  // The exit code and the JSON always agree; a runtime may use either.
  if (result.decision !== DECISIONS[proc.status]) throw new Error('exit code and decision disagree');
  return [result.decision, result];
}

// runAbility is the Tool Runner's task.run: guard, run, record.
function runAbility(ability, args, caller = 'ai_session') {
  let [decision, result] = emit('PreAbilityCall', {
    session_id: 'sess-1', ability_id: ability, args_summary: args, paths: [args], caller: { source: caller },
  });
  if (decision === null) {
    // A guard that cannot be checked must not be skipped: fail closed.
    console.log(`PreAbilityCall ${ability} (${args}): hookrun error, exit 1`);
    console.log(`  not running ${ability}: a guard that cannot be checked counts as a deny`);
    return;
  }
  console.log(`PreAbilityCall ${ability} (${args}): ${decision}`);
  if (decision === 'deny') {
    console.log(`  refused: ${result.reason}`);
    return;
  }
  if (decision === 'require_human') {
    console.log(`  waiting for a human: ${result.reason}`);
    return;
  }
  console.log(`  ${ability} ran`);
  [decision, result] = emit('PostAbilityCall', {
    session_id: 'sess-1', ability_id: ability, status: 'success', duration_ms: 12,
  });
  console.log(`PostAbilityCall ${ability}: ${decision}${result.usage_recorded ? ', usage recorded' : ''}`);
}

function main() {
  // A turn starts: routing hints and extra context go to the AI.
  let [decision, result] = emit('PromptSubmit', {
    session_id: 'sess-1', user_raw_input: 'Add a signup regression test',
  });
  console.log(`PromptSubmit: ${decision}`);
  for (const c of result.additional_context) console.log(`  for the AI: ${c.text}`);

  // The AI asks for a task: preflight.
  [decision, result] = emit('PreAbilityCreate', {
    session_id: 'sess-1', environment: 'prod',
    ability_ref: { kind: 'operation_key', value: 'db.write.user_row' },
    caller: { source: 'ai_session' },
  });
  console.log(`PreAbilityCreate db.write.user_row (prod): ${decision}`);
  if (decision !== 'allow') console.log(`  task not created: ${result.reason}`);

  // The AI runs abilities: guard, run, record.
  runAbility('edit_file', 'config/prod/database.yaml');
  runAbility('edit_file', 'config/prod/"quoted".yaml'); // a name the agent chose: any byte
  runAbility('edit_file', 'docs/README.md');

  // A broken context: hookrun exits 1 and runs no hook.
  [decision] = emit('PreAbilityCall', { session_id: 'sess-1', ability_id: 'edit_file' });
  if (decision === null) {
    console.log('PreAbilityCall edit_file (no caller): hookrun error, exit 1');
    console.log('  not running edit_file: a guard that cannot be checked counts as a deny');
  }

  // The session ends: infra-only hooks; their logs are for people.
  [decision, result] = emit('SessionStop', {
    session_id: 'sess-1', changed_files: ['services/api/main.go'],
  });
  console.log(`SessionStop: ${decision}`);
  for (const line of result.logs) console.log(`  log: ${line}`);
}

main();
