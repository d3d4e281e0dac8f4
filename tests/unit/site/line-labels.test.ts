import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineLabels, sharedTail, spreadLabels } from '../../../src/lib/site/line-labels.ts';
import { temperaturePanels, type TsSeries } from '../../../src/lib/site/charts.ts';
import { FONT, textWidth } from '../../../src/lib/site/chart-text.ts';

test('labels wanted at one height are spread a gap apart, in their wanted order, inside the bounds', () => {
  assert.deepEqual(spreadLabels([50, 52, 51, 150, 149], 13, 10, 160), [50, 76, 63, 160, 147]);
  assert.deepEqual(spreadLabels([160, 160, 160], 13, 10, 160), [134, 147, 160], 'pushed up from the bottom');
  assert.deepEqual(spreadLabels([0, 0], 13, 10, 160), [10, 23], 'pushed down from the top');
  assert.deepEqual(spreadLabels([30, 90], 13, 10, 160), [30, 90], 'apart already: unmoved');
  // More than fit: they stay apart and run on past the bottom.
  const many = spreadLabels(new Array(14).fill(10), 13, 10, 160);
  for (let i = 1; i < many.length; i++) assert.equal(many[i]! - many[i - 1]!, 13);
});

test('a line label keeps what tells the lines apart: the size, without the words the names share', () => {
  const qwen = ['Sim: Qwen3.5 0.8B', 'Sim: Qwen3.5 122B-A10B', 'Sim: Qwen3.5 397B-A17B'];
  const all = [...qwen, 'Sim: GLM-4.5-Air', 'Sim: gpt-oss 20B'];
  assert.deepEqual(lineLabels(qwen, all, 80), ['0.8B', '122B-A10B', '397B-A17B']);
  assert.deepEqual(lineLabels(['Sim: GLM-4.5-Air'], all, 80), ['GLM-4.5-Air'], 'one line: only the chart-wide "Sim: " goes');
  const cedar = ['Cedar 8B (synthetic)', 'Cedar v2 122B (synthetic)'];
  assert.equal(sharedTail(cedar), ' (synthetic)');
  assert.deepEqual(lineLabels(cedar, [...cedar, 'Basalt 3B (synthetic)'], 80), ['8B', 'v2 122B']);
  assert.deepEqual(lineLabels(['A', 'B'], ['A', 'B'], 80), ['A', 'B'], 'names that fit are kept whole');
});

test('a temperature panel of 8 lines ending at one rate names every line, no two labels overlapping, inside the panel', () => {
  const series: TsSeries[] = Array.from({ length: 8 }, (_, i) => ({
    id: `q${i}`, name: `Sim: Qwen3.5 ${[0.8, 2, 4, 9, 27, 35, 122, 397][i]}B`, family: 'qwen3.5',
    points: [0, 0.7, 1].map((t) => ({ t, rate: 0.1, lo: 0.05, hi: 0.15 })),
  }));
  const P = temperaturePanels([...series, { id: 'g', name: 'Sim: GLM-4.5-Air', family: 'glm', points: [{ t: 0, rate: 0, lo: 0, hi: 0.1 }] }]).find((p) => p.family === 'qwen3.5');
  const labels = P!.series.map((s) => s.label!);
  assert.equal(labels.length, 8);
  assert.deepEqual(labels.map((l) => l.text), ['0.8B', '2B', '4B', '9B', '27B', '35B', '122B', '397B']);
  const boxes = labels.map((l) => ({ y0: l.y - FONT * 0.95, y1: l.y + FONT * 0.25, x1: l.x + textWidth(l.text) }));
  for (let i = 1; i < boxes.length; i++) assert.ok(boxes[i]!.y0 >= boxes[i - 1]!.y1, `labels ${i - 1} and ${i} apart`);
  for (const b of boxes) assert.ok(b.x1 <= P!.width && b.y0 >= 0 && b.y1 <= P!.height);
  // Every label's leader starts at its line's last point.
  for (const s of P!.series) assert.equal(s.label!.leader.y1, s.dots.at(-1)!.y);
});
