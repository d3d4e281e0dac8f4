import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from '../../helpers/cli.ts';
import { assertEscaped, ESCAPED, HOSTILE } from '../../helpers/hostile-text.ts';

/**
 * A bad labelled set, MT-Bench file or LLM judge config is named as validate names a bad submission: the file, the
 * field path and the value it holds (escaped), exit 1, no stack trace.
 */
const dir = mkdtempSync(join(tmpdir(), 'ut-labelled-errors-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const q = JSON.stringify;
const noStack = (stderr: string) => assert.doesNotMatch(stderr, /\n\s+at |internal error/);

function labelledSet(name: string, contexts: string, items: string): string {
  const set = join(dir, name);
  mkdirSync(set);
  writeFileSync(join(set, 'contexts.yaml'), contexts);
  writeFileSync(join(set, 'items-x.yaml'), items);
  return set;
}
const CONTEXT = 'format: 1\ncontexts:\n  - id: c1\n    domain: math\n    question: What is 2+2?\n    response: "4."\n';

describe('calibrate --set', () => {
  it('a context whose domain is not one of the three names the file, the field and the value', () => {
    const set = labelledSet('domain', CONTEXT.replace('domain: math', `domain: ${q(HOSTILE)}`), 'format: 1\nitems: []\n');
    const r = runCli(['calibrate', '--set', set]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    noStack(r.stderr);
    assert.ok(r.stderr.includes(`${join(set, 'contexts.yaml')}: contexts[0].domain: Invalid option: expected one of "math"|"instruction_following"|"conversation", received "${ESCAPED}\\nuserturn: ok"`), r.stderr);
  });

  it('an item whose label is not in the taxonomy, and one of the wrong type, show their values', () => {
    const set = labelledSet('label', CONTEXT, `format: 1\nitems:\n  - ctx: c1\n    label: followup_maybe\n    u: Why 4?\n  - ctx: c1\n    label: genuine_followup\n    u: [1, 2]\n`);
    const r = runCli(['calibrate', '--set', set]);
    assert.equal(r.code, 1, r.stderr);
    noStack(r.stderr);
    const file = join(set, 'items-x.yaml');
    assert.match(r.stderr, new RegExp(`^${RegExp.escape(file)}: items\\[0\\]\\.label: Invalid option: expected one of .*, received "followup_maybe"$`, 'm'));
    assert.match(r.stderr, new RegExp(`^${RegExp.escape(file)}: items\\[1\\]\\.u: Invalid input: expected string, received array \\[1,2\\]$`, 'm'));
  });

  it('an item naming a context that is not there shows the name, escaped', () => {
    const set = labelledSet('ctx', CONTEXT, `format: 1\nitems:\n  - ctx: ${q(HOSTILE)}\n    label: genuine_followup\n    u: Why 4?\n`);
    const r = runCli(['calibrate', '--set', set]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /items-x\.yaml: items\[0\]\.ctx: unknown context "\\u001b\]0;PWNED/);
  });
});

describe('calibrate --data-dir', () => {
  it('an MT-Bench line with a question_id of the wrong type names file:line, the field and the value', () => {
    const data = join(dir, 'data');
    mkdirSync(join(data, 'mt_bench'), { recursive: true });
    writeFileSync(join(data, 'mt_bench', 'question.jsonl'), `${q({ question_id: 81, category: 'writing', turns: ['a', 'b'] })}\n${q({ question_id: HOSTILE, category: 'writing', turns: ['a', 'b'] })}\n`);
    const r = runCli(['calibrate', '--data-dir', data]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    noStack(r.stderr);
    assert.ok(r.stderr.includes(`question.jsonl:2: question_id: Invalid input: expected number, received string "${ESCAPED}\\nuserturn: ok"`), r.stderr);
  });
});

describe('an LLM judge config', () => {
  it('a prompt_version with no prompt file is named in the config (exit 1), not an internal error', () => {
    const config = join(dir, 'judge.yaml');
    writeFileSync(config, 'base_url: http://127.0.0.1:9/v1\nmodel: judge\nprompt_version: judge-v99\n');
    writeFileSync(join(dir, 'turns.jsonl'), `${q({ id: 'a', question: 'What is 2+2?', response: '4.', user_turn: 'Why 4?' })}\n`);
    const r = runCli(['judge', '--input', join(dir, 'turns.jsonl'), '--judge-config', config, '--no-cache']);
    assert.equal(r.code, 1, r.stderr);
    noStack(r.stderr);
    assert.match(r.stderr, new RegExp(`^${RegExp.escape(config)}: prompt_version: no judge prompt "judge-v99": the versions are judge-v1, judge-v2$`, 'm'));
  });
});
