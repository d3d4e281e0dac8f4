import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { codeVersion } from '../../../runners/cache/code-version.ts';
import { openRunCache } from '../../../runners/cache/run-cache.ts';
import { contentKey } from '../../../runners/cache/stage-cache.ts';
import { cachedJudge } from '../../../runners/judge/cached.ts';
import { createHeuristicJudge } from '../../../runners/judge/index.ts';
import type { Judge } from '../../../runners/core/judge.ts';
import type { Verdict } from '../../../src/schema/index.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'ut-stages-')), 'requests.sqlite');

describe('stage cache', () => {
  it('computes a value once; a reopened file gives it back without computing; another version computes again', async () => {
    const file = fresh();
    let calls = 0;
    const compute = () => ({ n: ++calls });
    const first = openRunCache(file);
    assert.deepEqual(first.stages.getOrCompute('score', 'v1', contentKey('item', 'answer'), compute), { n: 1 });
    assert.deepEqual(first.stages.getOrCompute('score', 'v1', contentKey('item', 'answer'), compute), { n: 1 });
    first.close();
    const again = openRunCache(file);
    assert.deepEqual(again.stages.getOrCompute('score', 'v1', contentKey('item', 'answer'), compute), { n: 1 });
    assert.deepEqual(again.stages.getOrCompute('score', 'v2', contentKey('item', 'answer'), compute), { n: 2 }, 'a new version is computed');
    assert.deepEqual(again.stages.getOrCompute('score', 'v1', contentKey('item', 'other answer'), compute), { n: 3 }, 'new content is computed');
    assert.deepEqual(again.stages.stats.score, { reused: 1, computed: 2 });
    again.close();
  });

  it('a file whose derived table was created WITHOUT ROWID (before the rowid layout) is read and written as before', async () => {
    const file = fresh();
    const db = new DatabaseSync(file);
    db.exec('CREATE TABLE derived (stage TEXT NOT NULL, version TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, sha256 TEXT NOT NULL, PRIMARY KEY (stage, version, key)) STRICT, WITHOUT ROWID');
    db.close();
    const first = openRunCache(file);
    first.stages.put('score', 'v1', 'k', { n: 1 });
    first.close();
    const again = openRunCache(file);
    assert.deepEqual(again.stages.get('score', 'v1', 'k'), { n: 1 });
    again.stages.put('score', 'v1', 'k', { n: 2 });
    assert.deepEqual(again.stages.get('score', 'v1', 'k'), { n: 2 });
    again.close();
    const check = new DatabaseSync(file);
    assert.match(String((check.prepare("SELECT sql FROM sqlite_master WHERE name = 'derived'").get() as { sql: string }).sql), /WITHOUT ROWID/, 'the old layout is kept');
    check.close();
  });

  it('a new file keeps derived values in a rowid table (appended in write order)', () => {
    const file = fresh();
    openRunCache(file).close();
    const db = new DatabaseSync(file);
    assert.doesNotMatch(String((db.prepare("SELECT sql FROM sqlite_master WHERE name = 'derived'").get() as { sql: string }).sql), /WITHOUT ROWID/);
    db.close();
  });

  it('the async form stores only what `keep` accepts', async () => {
    const cache = openRunCache(fresh());
    const keep = (v: { ok: boolean }) => v.ok;
    await cache.stages.getOrComputeAsync('verdict', 'j', 'bad', async () => ({ ok: false }), keep);
    assert.equal(cache.stages.get('verdict', 'j', 'bad'), undefined, 'an error is not kept');
    await cache.stages.getOrComputeAsync('verdict', 'j', 'a', async () => ({ ok: true }), keep);
    assert.deepEqual(cache.stages.get('verdict', 'j', 'a'), { ok: true }, 'an accepted value is kept');
    let computed = 0;
    assert.deepEqual(await cache.stages.getOrComputeAsync('verdict', 'j', 'a', async () => ({ ok: true, n: ++computed }), keep), { ok: true });
    assert.equal(computed, 0, 'a kept value is not computed again');
    cache.close();
  });

  it('a stored value altered in the file is computed again, reported once', () => {
    const file = fresh();
    const c1 = openRunCache(file);
    c1.stages.put('prompt', 'v', 'k1', 'rendered one');
    c1.stages.put('prompt', 'v', 'k2', 'rendered two');
    c1.close();
    const db = new DatabaseSync(file);
    db.exec(`UPDATE derived SET value = '"tampered"'`);
    db.close();
    const reports: string[] = [];
    const c2 = openRunCache(file, { onCorruptRow: (m) => reports.push(m) });
    assert.equal(c2.stages.getOrCompute('prompt', 'v', 'k1', () => 'rendered again'), 'rendered again');
    assert.equal(c2.stages.getOrCompute('prompt', 'v', 'k2', () => 'rendered again'), 'rendered again');
    assert.equal(reports.length, 1);
    assert.match(reports[0]!, /requests\.sqlite: a stored prompt does not match its checksum/);
    c2.close();
  });

  it('--no-cache computes every time', () => {
    const cache = openRunCache(null);
    let calls = 0;
    cache.stages.getOrCompute('score', 'v', 'k', () => ++calls);
    cache.stages.getOrCompute('score', 'v', 'k', () => ++calls);
    assert.equal(calls, 2);
    assert.deepEqual(cache.stages.stats.score, { reused: 0, computed: 2 });
  });
});

describe('cached judges', () => {
  const input = { id: 'x~greedy~0', question: 'What is 2+2?', response: 'The answer is 4.', user_turn: 'Why is it 4 and not 5?', dataset: 'gsm8k' };
  const counting = (fingerprint: string | undefined, verdict: Verdict = { kind: 'label', label: 'genuine_followup', rationale: 'r', evidence_span: null, rule: null, judge: 't' }) => {
    const calls = { n: 0 };
    const judge: Judge = { stamp: { id: 't', kind: 'heuristic', model: null, prompt_version: 'p', temperature: null, max_tokens: null }, fingerprint, judge: async () => (calls.n++, verdict) };
    return { judge, calls };
  };

  it('a verdict is judged once per content; a changed judge judges again; a judge without a fingerprint is never cached', async () => {
    const cache = openRunCache(fresh());
    const a = counting('fp-1');
    await cachedJudge(a.judge, cache.stages).judge(input);
    await cachedJudge(a.judge, cache.stages).judge({ ...input, id: 'another sample, same content' });
    assert.equal(a.calls.n, 1);
    const changed = counting('fp-2');
    await cachedJudge(changed.judge, cache.stages).judge(input);
    assert.equal(changed.calls.n, 1, 'a judge with another fingerprint judges again');
    await cachedJudge(a.judge, cache.stages).judge({ ...input, user_turn: 'Thanks!' });
    assert.equal(a.calls.n, 2, 'new content is judged');
    const bare = counting(undefined);
    await cachedJudge(bare.judge, cache.stages).judge(input);
    await cachedJudge(bare.judge, cache.stages).judge(input);
    assert.equal(bare.calls.n, 2);
    cache.close();
  });

  it('judge errors are not cached', async () => {
    const cache = openRunCache(fresh());
    const failing = counting('fp', { kind: 'judge_error', reason: 'timeout', judge: 't' });
    await cachedJudge(failing.judge, cache.stages).judge(input);
    await cachedJudge(failing.judge, cache.stages).judge(input);
    assert.equal(failing.calls.n, 2);
    cache.close();
  });

  it('the heuristic judge\'s fingerprint follows its code, not only its version constant', () => {
    assert.match(createHeuristicJudge().fingerprint ?? '', /^[0-9a-f]{16}$/);
    const folder = (content: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'ut-code-'));
      mkdirSync(join(dir, 'rules'));
      writeFileSync(join(dir, 'judge.ts'), 'export const x = 1;\n');
      writeFileSync(join(dir, 'rules', 'rule.ts'), content);
      return codeVersion(pathToFileURL(join(dir, 'judge.ts')).href);
    };
    assert.equal(folder('export const rule = 1;\n'), folder('export const rule = 1;\n'));
    assert.notEqual(folder('export const rule = 1;\n'), folder('export const rule = 2;\n'), 'an edit in a subfolder is a new version');
  });
});
