import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { answerGeneration } from '../../../runners/cache/answer-generation.ts';
import { peekResult } from '../../../runners/cache/result-stage.ts';
import { openRunCache } from '../../../runners/cache/run-cache.ts';
import { openSqliteCache } from '../../../runners/cache/sqlite-cache.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'ut-result-stage-')), 'requests.sqlite');
const answer = { text: 't', finish_reason: 'stop', model: 'm', latency_ms: 1 };
const generation = (file: string, scope: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return answerGeneration(db, scope);
  } finally {
    db.close();
  }
};

describe('answer generation', () => {
  it('is bumped in the transaction of every answer written, replaced, changed or deleted, per scope, by any connection', async () => {
    const file = fresh();
    openRunCache(file).close(); // the triggers are in the file from now on
    assert.equal(generation(file, 'a@1'), 0);
    // A plain request cache (as the LLM judge and older code open it) bumps it too: the triggers live in the file.
    const plain = openSqliteCache(file, { scope: 'a@1' });
    await plain.put('k1', answer);
    await plain.put('k1', { ...answer, text: 'again' }); // INSERT OR REPLACE
    plain.close();
    assert.equal(generation(file, 'a@1'), 2);
    assert.equal(generation(file, 'b@1'), 0, 'another scope keeps its own count');
    const db = new DatabaseSync(file);
    db.exec("UPDATE responses SET text = 'edited' WHERE key = 'k1'");
    const edited = answerGeneration(db, 'a@1');
    assert.ok(edited > 2, 'an edit by hand counts');
    db.exec("DELETE FROM responses WHERE key = 'k1'");
    assert.ok(answerGeneration(db, 'a@1') > edited, 'a deletion counts');
    db.close();
  });
});

describe('result stage', () => {
  it('gives back a kept result only at the generation it was kept at, and never a row that fails its checksum', async () => {
    const file = fresh();
    const cache = openRunCache(file, { scope: 's' });
    assert.equal(cache.results!.generation, 0);
    await cache.results!.put('key', { files: ['x'] }, cache.results!.current());
    cache.close();
    assert.deepEqual(peekResult(file, 's', 'key'), { files: ['x'] });
    assert.equal(peekResult(file, 's', 'other key'), undefined);
    assert.equal(peekResult(file, 'other scope', 'key'), undefined, 'kept for another scope (at the same generation 0)');

    const answers = openSqliteCache(file, { scope: 's' });
    await answers.put('new', answer);
    answers.close();
    assert.equal(peekResult(file, 's', 'key'), undefined, 'a new answer makes it stale');

    const again = openRunCache(file, { scope: 's' });
    assert.equal(again.results!.generation, 1);
    await again.results!.put('key', { files: ['y'] }, 0);
    assert.equal(peekResult(file, 's', 'key'), undefined, 'kept at a generation that is not the current one');
    await again.results!.put('key', { files: ['y'] }, again.results!.current());
    again.close();
    assert.deepEqual(peekResult(file, 's', 'key'), { files: ['y'] });

    const db = new DatabaseSync(file);
    db.exec(`UPDATE result_stage SET value = replace(value, '"y"', '"z"')`);
    db.close();
    assert.equal(peekResult(file, 's', 'key'), undefined, 'an altered row is not used');
    assert.equal(peekResult(join(file, '..', 'absent.sqlite'), 's', 'key'), undefined);
  });
});
