/**
 * What rejudge hands the judge as the question (runners/judge/rejudge/judged-questions.ts): the sample's own question,
 * except in download-only datasets, whose samples hold a placeholder: there the prompt the run's judge saw, from the
 * run's files, or a refusal before anything is judged. The whole command: tests/contract/judge/rejudge-download-only.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { currentSuitePath } from '../../../runners/core/defaults.ts';
import { InputError } from '../../../runners/core/errors.ts';
import { sha256Hex } from '../../../runners/datasets/source.ts';
import { judgedQuestions } from '../../../runners/judge/rejudge/judged-questions.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import type { ResultSummary, Sample } from '../../../src/schema/index.ts';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'datasets');
const suite = await loadSuite(currentSuitePath());
const sha = sha256Hex(readFileSync(join(fixtures, 'healthbench', 'healthbench.jsonl')));
/** Only what judgedQuestions reads of a summary: the files the run read. */
const summary = { provenance: { datasets: [{ id: 'healthbench', files: [{ name: 'healthbench.jsonl', sha256: sha }] }, { id: 'gsm8k', files: [] }] } } as unknown as ResultSummary;
const sample = (dataset: string, item_id: string, question: string): Sample => ({ id: `${item_id}~greedy~0`, dataset, item_id, question }) as unknown as Sample;
const gsm = sample('gsm8k', '0001', 'Tom has 3 apples.');
const hb = sample('healthbench', 'hb-fx-04', '[healthbench item hb-fx-04: prompt not redistributed]');

describe('judgedQuestions', () => {
  it('a result without download-only samples needs no data: each sample\'s own question', async () => {
    const q = await judgedQuestions('results/x', suite, summary, [gsm], undefined);
    assert.equal(q(gsm), 'Tom has 3 apples.');
  });

  it('a download-only sample gets the prompt from the run\'s file; the others keep their own', async () => {
    const q = await judgedQuestions('results/x', suite, summary, [gsm, hb], fixtures);
    assert.equal(q(hb), 'What are the early signs of dehydration in an older adult living alone, and what should a neighbour look out for during a heat wave?');
    assert.equal(q(gsm), 'Tom has 3 apples.');
  });

  it('without the prompts: refused, naming the result, the dataset, why and the fix', async () => {
    await assert.rejects(judgedQuestions('results/x', suite, summary, [gsm, hb], undefined), (e: Error) => {
      assert.ok(e instanceof InputError);
      assert.match(e.message, /^cannot rejudge results\/x: healthbench is a download-only dataset, so its samples hold "\[healthbench item <id>: prompt not redistributed\]" where the run's judge saw the prompt/);
      assert.match(e.message, /: no --data-dir or USERTURN_DATA_DIR is set\. To rejudge it, pass --data-dir DIR or set USERTURN_DATA_DIR, with the file the run read at DIR\/healthbench\/healthbench\.jsonl \(sha256 [0-9a-f]{12}…\)/);
      assert.match(e.message, /; nothing was written$/);
      return true;
    });
  });

  it('an item the run\'s file lacks is refused too', async () => {
    const stray = sample('healthbench', 'hb-zz', '[healthbench item hb-zz: prompt not redistributed]');
    await assert.rejects(judgedQuestions('results/x', suite, summary, [hb, stray], fixtures), /its item "hb-zz" is not in the files at .*healthbench/);
  });
});
