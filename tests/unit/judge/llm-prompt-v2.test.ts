import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { LABELS } from '../../../src/schema/index.ts';
import { JudgeConfig } from '../../../runners/judge/llm/config.ts';
import { JudgePromptFile, loadJudgePrompt, renderJudgeRequest, renderJudgeSystem } from '../../../runners/judge/llm/prompt.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const item = { question: 'What is 2+2?', response: '2 + 2 = 4.', user_turn: 'Why not 5?' };

test('judge-v2 renders every label definition, every rule and every example, with nothing left unfilled', () => {
  const p = loadJudgePrompt('judge-v2');
  const system = renderJudgeSystem(p);
  for (const l of LABELS) assert.ok(system.includes(`- ${l}: ${p.labels[l]}`), `definition of ${l}`);
  assert.ok(p.rules && p.rules.length > 0);
  for (const r of p.rules!) assert.ok(system.includes(`- ${r.text.trim()}`), `rule ${r.id}`);
  for (const e of p.examples) {
    assert.ok(system.includes(JSON.stringify({ question: e.question, assistant_answer: e.response, user_turn: e.user_turn })), `example item: ${e.user_turn}`);
    assert.ok(system.includes(JSON.stringify({ rationale: e.rationale, label: e.label })), `example answer: ${e.rationale}`);
  }
  assert.doesNotMatch(system, /\{\{\w+\}\}/, 'no placeholder left');
  const [sys, user] = renderJudgeRequest(p, item).messages;
  assert.equal(sys!.content, system);
  assert.deepEqual(JSON.parse(user!.content.slice(user!.content.indexOf('{'))), { question: item.question, assistant_answer: item.response, user_turn: item.user_turn });
});

test('judge-v2 examples cover every label and the hard cases the issue names', () => {
  const p = loadJudgePrompt('judge-v2');
  for (const l of LABELS) assert.ok(p.examples.some((e) => e.label === l), `an example for ${l}`);
  const cases = new Set(p.examples.map((e) => e.case));
  for (const c of ['think_tags', 'harmony_channel', 'truncated_answer', 'genuine_then_leak', 'ifeval_new_instruction', 'non_english', 'role_header_first', 'shared_numbers']) {
    assert.ok(cases.has(c), `an example for case ${c}`);
  }
  // The examples obey the shared role-header rule: text after a header never decides the label.
  const headerFirst = p.examples.filter((e) => e.case === 'role_header_first');
  for (const e of headerFirst) assert.equal(e.label, 'empty_or_degenerate');
  const thenLeak = p.examples.filter((e) => e.case === 'genuine_then_leak' && /<\|im_end\|>|<\|end\|>/.test(e.user_turn));
  assert.ok(thenLeak.length > 0);
  for (const e of thenLeak) assert.equal(e.label, 'genuine_followup');
  assert.ok(p.examples.some((e) => e.case === 'harmony_channel' && e.label === 'genuine_followup' && e.user_turn.includes('<|end|><|start|>assistant')));
});

test('judge-v2 carries the shared role-header rule and the suite v2 grounding rule as data', () => {
  const rules = new Map(loadJudgePrompt('judge-v2').rules!.map((r) => [r.id, r.text]));
  const header = rules.get('role_header') ?? '';
  assert.match(header, /only the text of u before the first end-of-turn marker or role header/);
  assert.match(header, /text after it is not judged/);
  assert.match(header, /nothing but whitespace or special tokens remains before the first marker or header, the\s+label is empty_or_degenerate/);
  // judge-v1's rule (any assistant marker means identity_leakage) is gone.
  for (const t of rules.values()) assert.doesNotMatch(t, /assistant role markers?[^.]*identity_leakage/);
  const grounding = rules.get('grounding') ?? '';
  assert.match(grounding, /content of a that q does not already hold/);
  assert.match(grounding, /task boilerplate \("your response should…"/);
  assert.match(grounding, /are not\s+grounding/);
  assert.match(grounding, /new_unrelated_query even if it shares numbers/);
});

test('the answer order is part of the prompt: judge-v2 examples show the rationale first, judge-v1 the label first', () => {
  const v2 = renderJudgeSystem(loadJudgePrompt('judge-v2'));
  const v1 = renderJudgeSystem(loadJudgePrompt('judge-v1'));
  const answers = (s: string) => s.split('\n').filter((l) => l.startsWith('→ '));
  assert.ok(answers(v2).length > 0);
  for (const a of answers(v2)) assert.match(a, /^→ \{"rationale":.*,"label":"[a-z_]+"\}$/);
  for (const a of answers(v1)) assert.match(a, /^→ \{"label":"[a-z_]+","rationale":/);
  assert.match(v2, /\{"rationale": <[^>]+>, "label": <one label>/);
});

test('judge-v1 is still selectable with its own order and cut; judge-v2 is the default of a judge config', () => {
  const v1 = loadJudgePrompt('judge-v1');
  assert.equal(v1.version, 'judge-v1');
  assert.equal(v1.output_order, 'label_first');
  assert.deepEqual(v1.field_limit, { max_chars: 6000, mode: 'head', marker: '[…truncated: {n} more characters]' });
  assert.equal(v1.rules, undefined);
  const v2 = loadJudgePrompt('judge-v2');
  assert.equal(v2.output_order, 'rationale_first');
  assert.equal(v2.field_limit.mode, 'middle');
  assert.equal(JudgeConfig.parse({ base_url: 'http://127.0.0.1:1/v1', model: 'm' }).prompt_version, 'judge-v2');
  assert.equal(JudgeConfig.parse({ base_url: 'http://127.0.0.1:1/v1', model: 'm', prompt_version: 'judge-v1' }).prompt_version, 'judge-v1');
  assert.throws(() => loadJudgePrompt('judge-v99'), /unknown judge prompt version "judge-v99": no file .*judge-v99\.yaml/);
});

test('suite v2 names judge-v2; suite v1 keeps judge-v1', () => {
  const v2 = parse(readFileSync(join(root, 'benchmark/suites/v2.yaml'), 'utf8')) as { judge_prompt_version: string };
  const v1 = parse(readFileSync(join(root, 'benchmark/suites/v1.yaml'), 'utf8')) as { judge_prompt_version: string };
  assert.equal(v2.judge_prompt_version, 'judge-v2');
  assert.equal(v1.judge_prompt_version, 'judge-v1');
  loadJudgePrompt(v2.judge_prompt_version);
});

test('a prompt file whose rules and {{rules}} do not match is rejected, naming the field', () => {
  const raw = parse(readFileSync(join(root, 'runners/judge/prompts/judge-v2.yaml'), 'utf8')) as Record<string, unknown>;
  const noPlaceholder = JudgePromptFile.safeParse({ ...raw, system: String(raw.system).replace('{{rules}}', '') });
  assert.equal(noPlaceholder.success, false);
  assert.match(JSON.stringify(noPlaceholder.error?.issues), /no \{\{rules\}\}/);
  const noRules = JudgePromptFile.safeParse({ ...raw, rules: undefined });
  assert.equal(noRules.success, false);
  assert.deepEqual(noRules.error?.issues[0]?.path, ['rules']);
  const badLimit = JudgePromptFile.safeParse({ ...raw, field_limit: { max_chars: 8000, mode: 'middle', marker: '[omitted]' } });
  assert.equal(badLimit.success, false);
  assert.deepEqual(badLimit.error?.issues[0]?.path, ['field_limit', 'marker']);
});
