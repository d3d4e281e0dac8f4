/**
 * Re-judging stored verdicts (runners/validate/verdict-recheck.ts): which verdicts are judged again, what is compared,
 * and what is only noted. The whole command on a simulator run is tests/contract/validate/verdict-recheck.test.ts.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createHeuristicJudge } from '../../../runners/judge/heuristic/judge.ts';
import { RECHECKED_JUDGE, verdictDifference, verdictRecheck } from '../../../runners/validate/verdict-recheck.ts';
import { validatePaths } from '../../../runners/validate/validate-files.ts';
import type { Sample, Verdict } from '../../../src/schema/index.ts';
import { rebuildSummary } from '../../helpers/rebuild-summary.ts';

const TEXTS = { question: 'Tom has 3 apples and buys 5 more. How many apples does he have?', response: 'Tom has 3 + 5 = 8 apples.', user_turn: 'Why did you add them instead of multiplying?' };
const judged = await createHeuristicJudge().judge({ id: 'x', ...TEXTS });
assert.equal(judged.kind, 'label');
const fresh = judged as Extract<Verdict, { kind: 'label' }>;

/** A sample of `dataset` with these verdicts (only what re-judging reads is filled in). */
const sample = (verdicts: Verdict[], dataset = 'gsm8k'): Sample => ({ id: '0001~greedy~0', dataset, ...TEXTS, verdicts }) as unknown as Sample;

describe('verdictDifference', () => {
  it('names the first field that differs, the label before the rule, and a field only one side has', () => {
    assert.equal(verdictDifference(fresh, { ...fresh }), null);
    assert.deepEqual(verdictDifference({ ...fresh, label: 'generic_closing', rule: 'x' }, fresh), { field: 'label', stored: 'generic_closing', fresh: fresh.label });
    assert.deepEqual(verdictDifference({ ...fresh, rule: 'x' }, fresh), { field: 'rule', stored: 'x', fresh: fresh.rule });
    assert.equal(verdictDifference({ ...fresh, rationale: 'because' }, fresh)?.field, 'rationale');
    assert.equal(verdictDifference({ ...fresh, evidence_span: 'why' }, fresh)?.field, 'evidence_span');
    assert.equal(verdictDifference({ ...fresh, shortened: [] }, fresh)?.field, 'shortened');
    assert.equal(verdictDifference({ kind: 'judge_error', reason: 'x', judge: fresh.judge }, fresh)?.field, 'kind');
  });
});

describe('verdictRecheck', () => {
  it('a verdict of the current rules as the judge gives it passes, with nothing to note', async () => {
    assert.equal(fresh.judge, RECHECKED_JUDGE);
    const r = verdictRecheck('s.jsonl');
    assert.deepEqual(await r.errors(sample([fresh]), 's.jsonl:1'), []);
    assert.equal(r.note(), null);
  });

  it('a flipped label is an error at the line, with the field, both values and the sample', async () => {
    const r = verdictRecheck('s.jsonl');
    const llm: Verdict = { ...fresh, judge: 'llm:m:judge-v2', rule: null };
    const errors = await r.errors(sample([llm, { ...fresh, label: 'new_unrelated_query' }]), 's.jsonl:7');
    assert.deepEqual(errors.map((e) => `${e.file}: ${e.field}`), ['s.jsonl:7: verdicts[1].label']);
    assert.match(errors[0]!.message, new RegExp(`^is "new_unrelated_query" but ${RECHECKED_JUDGE.replace('.', '\\.')} gives "${fresh.label}" \\(rule ${fresh.rule!.replace('.', '\\.')}\\) on the question, response and user_turn of sample "0001~greedy~0"`));
    assert.match(r.note()!.message, /^not re-judged: 1 verdict of llm:m:judge-v2 \(an LLM judge: its labels can only be spot-checked\); 1 of heuristic:heuristic-v\d+ re-judged$/);
  });

  it('a judge_error of the current rules (what a run records when its judge failed) is an error that names rejudge', async () => {
    const r = verdictRecheck('s.jsonl');
    const errors = await r.errors(sample([{ kind: 'judge_error', reason: "judge threw: the CPU stage's worker exited (code 1)", judge: RECHECKED_JUDGE }]), 's.jsonl:3');
    assert.deepEqual(errors.map((e) => `${e.file}: ${e.field}`), ['s.jsonl:3: verdicts[0].kind']);
    assert.match(errors[0]!.message, /^is "judge_error" but .* gives "label" \(rule [\w.]+\) on the question, .*: the run's judge failed here, or the verdict was edited; `userturn rejudge <result> --judge heuristic` labels it$/);
  });

  it('verdicts of older rules, of LLM judges and on a download-only dataset\'s prompts are not judged again: one note', async () => {
    const r = verdictRecheck('s.jsonl');
    const flipped: Verdict = { ...fresh, label: 'new_unrelated_query' };
    assert.deepEqual(await r.errors(sample([{ ...flipped, judge: 'heuristic:heuristic-v4' }, { ...flipped, judge: 'llm:m:judge-v2' }]), 's.jsonl:1'), []);
    const placeholder = { ...sample([{ ...flipped, judge: 'heuristic:heuristic-v4' }, flipped], 'healthbench'), item_id: 'hb-9', question: '[healthbench item hb-9: prompt not redistributed]' } as Sample;
    assert.deepEqual(await r.errors(placeholder, 's.jsonl:2'), []);
    assert.deepEqual(r.note(), {
      file: 's.jsonl',
      field: 'verdicts',
      message: `not re-judged: 2 verdicts of heuristic:heuristic-v4 (older rules: validate runs only ${RECHECKED_JUDGE.slice('heuristic:'.length)}), 1 verdict of llm:m:judge-v2 (an LLM judge: its labels can only be spot-checked), 1 verdict of ${RECHECKED_JUDGE} (a download-only dataset: the judge saw its prompts, which results do not hold; USERTURN_DATA_DIR with the files the run read lets validate re-judge them)`,
    });
  });

  it('a download-only dataset\'s verdicts are judged on the prompts given (the sample holds a placeholder); an item without one is noted', async () => {
    const hidden = (verdicts: Verdict[], item_id: string): Sample => ({ ...sample(verdicts, 'healthbench'), item_id, question: `[healthbench item ${item_id}: prompt not redistributed]` }) as Sample;
    const r = verdictRecheck('s.jsonl', new Map([['hb-1', TEXTS.question]]));
    assert.deepEqual(await r.errors(hidden([fresh], 'hb-1'), 's.jsonl:1'), [], 'the verdict given on the prompt passes');
    const errors = await r.errors(hidden([{ ...fresh, label: 'new_unrelated_query' }], 'hb-1'), 's.jsonl:2');
    assert.deepEqual(errors.map((e) => `${e.file}: ${e.field}`), ['s.jsonl:2: verdicts[0].label']);
    assert.match(errors[0]!.message, / on the prompt \(from USERTURN_DATA_DIR\), response and user_turn of sample /);
    assert.deepEqual(await r.errors(hidden([{ ...fresh, label: 'new_unrelated_query' }], 'hb-2'), 's.jsonl:3'), [], 'no prompt for hb-2: not re-judged');
    assert.match(r.note()!.message, new RegExp(`^not re-judged: 1 verdict of ${RECHECKED_JUDGE.replace('.', '\\.')} \\(a download-only dataset: .*\\); 2 of ${RECHECKED_JUDGE.replace('.', '\\.')} re-judged$`));
  });

  it('a download-only dataset\'s sample that holds its real question is judged like any other (hiding is read from the text)', async () => {
    const r = verdictRecheck('s.jsonl');
    const errors = await r.errors(sample([{ ...fresh, label: 'new_unrelated_query' }], 'healthbench'), 's.jsonl:4');
    assert.deepEqual(errors.map((e) => `${e.file}: ${e.field}`), ['s.jsonl:4: verdicts[0].label']);
  });

  it('a sample\'s verdicts of the current rules are judged once, however many it holds (a line may hold thousands)', async () => {
    // Two samples of the same size with different texts (each judged cold): one verdict, then 300 copies of one, and
    // a flipped copy among them still reported. Judged per verdict, the 300 took some 100 times as long.
    const long = (k: number) => ({ ...TEXTS, user_turn: Array.from({ length: 4000 }, (_, i) => `w${k}x${i.toString(36)}`).join(' ') });
    const withTexts = (texts: typeof TEXTS, verdicts: Verdict[]) => ({ ...sample(verdicts), ...texts }) as Sample;
    const timed = async (s: Sample) => {
      const t0 = performance.now();
      const errors = await verdictRecheck('s.jsonl').errors(s, 's.jsonl:1');
      return { ms: performance.now() - t0, errors };
    };
    const one = long(1);
    const many = long(2);
    const v1 = await createHeuristicJudge().judge({ id: 'x', ...long(3) }); // warm: rules loaded, code optimised
    assert.equal(v1.kind, 'label');
    const own = async (texts: typeof TEXTS) => (await createHeuristicJudge().judge({ id: 'x', ...texts })) as Extract<Verdict, { kind: 'label' }>;
    const [f1, f2] = [await own(one), await own(many)];
    const single = await timed(withTexts(one, [f1]));
    const copies = await timed(withTexts(many, [...Array.from({ length: 299 }, () => f2), { ...f2, label: 'generic_closing' }]));
    assert.deepEqual(single.errors, []);
    assert.deepEqual(copies.errors.map((e) => e.field), ['verdicts[299].label']);
    assert.ok(copies.ms < 20 * Math.max(single.ms, 1), `300 verdicts took ${copies.ms.toFixed(0)} ms, one took ${single.ms.toFixed(1)} ms`);
  });

  it('the note names at most five judges, then counts the rest (judge ids are the file\'s text)', async () => {
    const r = verdictRecheck('s.jsonl');
    for (let i = 0; i < 40; i++) await r.errors(sample([{ ...fresh, judge: `llm:m${i}:judge-v2` }]), `s.jsonl:${i + 1}`);
    const m = r.note()!.message;
    assert.equal(m.match(/ verdict of llm:/g)?.length, 5);
    assert.match(m, / and 35 of 35 more judges$/);
  });

  it('validate on a result of older rules (heuristic-v4) with a label flipped and the summary rebuilt: no error, a note per samples file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-recheck-v4-'));
    try {
      const res = join(dir, 'results');
      cpSync(join(import.meta.dirname, '..', '..', 'fixtures', 'results-v1'), res, { recursive: true });
      const result = join(res, 'sim-qwen3.5-0.8b');
      const f = join(result, 'samples', 'gsm8k.jsonl');
      const samples = readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Sample);
      const v = samples.find((s) => s.verdicts[0]?.kind === 'label' && s.verdicts[0].label !== 'generic_closing')!.verdicts[0] as Extract<Verdict, { kind: 'label' }>;
      v.label = 'generic_closing';
      writeFileSync(f, `${samples.map((s) => JSON.stringify(s)).join('\n')}\n`);
      rebuildSummary(result);
      const r = await validatePaths([res], dir);
      assert.deepEqual(r.errors, []);
      assert.deepEqual(r.notes.map((n) => `${n.file}: ${n.field}: ${n.message.replace(/\(.*\)/, '(…)')}`), [
        'results/sim-qwen3.5-0.8b/samples/gsm8k.jsonl: verdicts: not re-judged: 24 verdicts of heuristic:heuristic-v4 (…)',
        'results/sim-qwen3.5-0.8b/samples/mt_bench.jsonl: verdicts: not re-judged: 23 verdicts of heuristic:heuristic-v4 (…)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
