import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { NARROW, textWidth } from '../../../src/lib/site/chart-text.ts';
import { scatterLayout, type ScPoint } from '../../../src/lib/site/charts.ts';
import { pointLabels, sharedLead } from '../../../src/lib/site/point-label.ts';

/** The demo's models, as the site names them (runners/demo/submissions/paper/). */
const DIR = 'runners/demo/submissions/paper';
const demo = readdirSync(DIR).filter((f) => f.endsWith('.yaml')).map((f) => parse(readFileSync(join(DIR, f), 'utf8')) as { id: string; display_name: string; family: string; params: { total_b: number } });

/** The names a label can stand for: its head found in the name, its tail (after the ellipsis) ending it. */
function standsFor(label: string, names: readonly string[]): string[] {
  const [head, tail = ''] = label.split('…') as [string, string?];
  return names.filter((n) => {
    const at = n.indexOf(head);
    return at >= 0 && n.endsWith(tail) && at + head.length <= n.length - tail.length;
  });
}

test('the narrow scatter labels each name one model of the demo (they read "Sim: Qwen3.5 2…" for 2B and 27B alike)', () => {
  // Every point at one spot of its own, so each gets a label.
  const points: ScPoint[] = demo.map((s, i) => ({ id: s.id, name: s.display_name, family: s.family, params: s.params.total_b, acc: { value: (i + 0.5) / demo.length, lo: 0, hi: 1 }, fu: { value: ((i * 7) % demo.length) / demo.length * 0.5, lo: 0, hi: 0.5 } }));
  const names = points.map((p) => p.name);
  const L = scatterLayout(points, NARROW);
  assert.ok(L.labels.length >= 5, `${L.labels.length} labels placed`);
  for (const l of L.labels) {
    const full = points.find((p) => p.id === l.id)!.name;
    assert.deepEqual(standsFor(l.text, names), [full], `label "${l.text}" of ${full}`);
    assert.ok(l.box.x1 <= L.width && l.box.x0 >= 0);
  }
  // The wide variant has room for every whole name.
  assert.deepEqual(scatterLayout(points).labels.map((l) => l.text).sort(), scatterLayout(points).labels.map((l) => points.find((p) => p.id === l.id)!.name).sort());
});

test('pointLabels: whole names when all fit; else the shared lead words dropped and the last word kept', () => {
  assert.deepEqual(pointLabels(['A 1B', 'A 2B'], 100), ['A 1B', 'A 2B']);
  assert.equal(sharedLead(['Sim: Qwen3.5 2B', 'Sim: Qwen3.5 27B', 'Sim: gpt-oss 20B']), 'Sim: ');
  assert.equal(sharedLead(['Qwen3.5 2B', 'Qwen3.5 27B']), 'Qwen3.5 ');
  assert.equal(sharedLead(['Qwen3.5-2B', 'Qwen3.5-27B']), '');
  const labels = pointLabels(['Sim: Qwen3.5 397B-A17B', 'Sim: Qwen3.5 35B-A3B', 'Sim: gpt-oss 120B'], 110);
  assert.deepEqual(labels, ['Qwen3…397B-A17B', 'Qwen3.5 35B-A3B', 'gpt-oss 120B']);
  for (const l of labels) assert.ok(textWidth(l) <= 110, l);
  // A last word too long to keep: the head, clipped.
  assert.deepEqual(pointLabels(['x Averyveryverylongmodelname', 'y b'], 60), ['x Avery…', 'y b']);
});
