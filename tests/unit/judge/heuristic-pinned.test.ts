/**
 * Pins every field of the heuristic judge's verdicts (label, rule, rationale, evidence span) on a deterministic corpus
 * of about 3,200 turns (tests/helpers/judge-pin-corpus.ts), so that a change made for speed cannot change a verdict
 * unnoticed. A deliberate rule change re-pins: `UPDATE_JUDGE_PINS=1 npx node --test tests/unit/judge/heuristic-pinned.test.ts`
 * (and bumps HEURISTIC_VERSION when any verdict field changes: validate re-judges published verdicts of this version).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createHeuristicJudge } from '../../../runners/judge/heuristic/judge.ts';
import { HEURISTIC_VERSION } from '../../../runners/judge/heuristic/version.ts';
import { judgePinCorpus } from '../../helpers/judge-pin-corpus.ts';

const PINS = join(import.meta.dirname, '..', '..', 'fixtures', 'judge-pins', 'heuristic.json');
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

interface Pins {
  /** The rule-set version the verdicts were pinned under (a changed verdict needs a new one). */
  version: string;
  /** Hash of the corpus's inputs: when it moves, the labelled sets changed and the pins must be regenerated. */
  corpus: string;
  /** Per input, in corpus order: "<rule> <first 8 hex of the sha-256 of every verdict field>". */
  verdicts: string[];
}

test('heuristic judge: every verdict field matches its pin on the pinned corpus', async () => {
  const corpus = judgePinCorpus();
  const judge = createHeuristicJudge();
  const got: string[] = [];
  for (const input of corpus) {
    const v = await judge.judge(input);
    assert.equal(v.kind, 'label', `${input.id}: ${JSON.stringify(v)}`);
    if (v.kind !== 'label') return;
    got.push(`${v.rule} ${sha(JSON.stringify([v.label, v.rule, v.rationale, v.evidence_span])).slice(0, 8)}`);
  }
  const corpusHash = sha(JSON.stringify(corpus.map((c) => [c.question, c.response, c.user_turn]))).slice(0, 16);
  const pinned = JSON.parse(readFileSync(PINS, 'utf8')) as Pins;
  if (process.env.UPDATE_JUDGE_PINS === '1') {
    // validate re-judges published verdicts of the current version and compares every field: verdicts that change
    // under the same version would make those results fail. Re-pinning changed verdicts needs a new version.
    const changed = pinned.corpus === corpusHash && pinned.version === HEURISTIC_VERSION ? got.filter((g, i) => g !== pinned.verdicts[i]).length : 0;
    assert.equal(changed, 0, `${changed} verdicts change under ${HEURISTIC_VERSION}: bump HEURISTIC_VERSION (runners/judge/heuristic/version.ts) before re-pinning`);
    writeFileSync(PINS, `${JSON.stringify({ version: HEURISTIC_VERSION, corpus: corpusHash, verdicts: got } satisfies Pins, null, 0)}\n`);
    return;
  }
  const pins = pinned;
  assert.equal(pins.version, HEURISTIC_VERSION, `the pins are of ${pins.version}, the rules are ${HEURISTIC_VERSION}: re-pin with UPDATE_JUDGE_PINS=1`);
  assert.equal(corpusHash, pins.corpus, 'the pinned corpus changed (a labelled set was edited): re-pin with UPDATE_JUDGE_PINS=1 after checking no verdict changed');
  const diffs = corpus.flatMap((c, i) => (got[i] === pins.verdicts[i] ? [] : [`${c.id}: pinned ${pins.verdicts[i]}, got ${got[i]}`]));
  assert.deepEqual(diffs, [], `${diffs.length} of ${corpus.length} verdicts changed`);
});
