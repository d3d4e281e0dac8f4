import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { placeLabels, overlaps, textBox, type LabelPoint } from '../../../src/lib/site/label-placement.ts';
import { FONT, NARROW, WIDE, WIDE_MIN, clip, r1, textWidth, tick } from '../../../src/lib/site/chart-text.ts';
import { failureProfileLayout, perturbationLayout, scatterLayout, temperaturePanels, type PdRow, type ScPoint, type TsSeries } from '../../../src/lib/site/charts.ts';

const bounds = { x0: 0, y0: 0, x1: 300, y1: 200 };

test('labels go right of a lone point, and never overlap each other, a point, or the plot edge', () => {
  const [l] = placeLabels([{ id: 'a', x: 50, y: 100, r: 5, text: 'Model A' }], bounds);
  assert.equal(l!.anchor, 'start');
  assert.ok(l!.x > 55 && l!.leader === null);
  // A tight cluster: every placed label is clear of the others and of every point.
  const pts: LabelPoint[] = Array.from({ length: 12 }, (_, i) => ({ id: `m${i}`, x: 140 + (i % 4) * 6, y: 90 + Math.floor(i / 4) * 6, r: 3, text: `Model ${i}` }));
  const placed = placeLabels(pts, bounds);
  assert.ok(placed.length >= 6, `most of the cluster is labelled (${placed.length})`);
  for (const a of placed) {
    assert.ok(a.box.x0 >= 0 && a.box.x1 <= 300 && a.box.y0 >= 0 && a.box.y1 <= 200, `${a.id} inside`);
    for (const b of placed) if (a !== b) assert.ok(!overlaps(a.box, b.box), `${a.id} vs ${b.id}`);
    for (const p of pts) if (p.id !== a.id) assert.ok(!overlaps(a.box, { x0: p.x - p.r, y0: p.y - p.r, x1: p.x + p.r, y1: p.y + p.r }), `${a.id} over point ${p.id}`);
  }
  assert.ok(placed.some((p) => p.leader), 'crowded labels are nudged away with a leader line');
});

test('a label flips left at the right edge, and a point with no room stays unlabelled', () => {
  const [l] = placeLabels([{ id: 'a', x: 290, y: 100, r: 4, text: 'Model A' }], bounds);
  assert.equal(l!.anchor, 'end');
  assert.deepEqual(placeLabels([{ id: 'a', x: 5, y: 5, r: 4, text: 'a name far too long for this plot' }], { x0: 0, y0: 0, x1: 40, y1: 20 }), []);
});

test('text boxes follow the anchor', () => {
  const w = textWidth('abcd');
  assert.deepEqual(textBox(100, 50, 'start', 'abcd'), { x0: 100, y0: 50 - FONT * 0.8, x1: 100 + w, y1: 50 + FONT * 0.25 });
  assert.equal(textBox(100, 50, 'end', 'abcd').x1, 100);
  assert.equal(textBox(100, 50, 'middle', 'abcd').x0, 100 - w / 2);
});

test('clip shortens to the width with an ellipsis; r1 keeps one decimal', () => {
  assert.equal(clip('short', 200), 'short');
  const c = clip('Qwen3.5 397B-A17B Instruct Thinking', 100);
  assert.ok(c.endsWith('…') && textWidth(c) <= 100);
  assert.equal(r1(12.3456), 12.3);
  assert.equal(r1(-0.04), -0);
});

test('axis tick labels at the chart edges are anchored inwards, so they are not cut off', () => {
  assert.equal(tick(0, 4, '0%', NARROW).anchor, 'start');
  assert.equal(tick(1, 324, '100%', NARROW).anchor, 'end');
  assert.deepEqual(tick(0.5, 164.04, '50%', NARROW), { v: 0.5, pos: 164, text: '50%', anchor: 'middle' });
});

test('the wide variant is only shown where its text renders at 11 px or more, and the CSS switches there', () => {
  assert.ok((FONT * WIDE_MIN) / WIDE >= 11);
  const css = readFileSync('src/components/charts/ChartFigure.svelte', 'utf8');
  const at = Number(/@container \(max-width: ([\d.]+)px\)/.exec(css)?.[1]);
  assert.ok(Math.abs(at - WIDE_MIN) < 0.05, `container query at ${at} px, WIDE_MIN ${WIDE_MIN}`);
  assert.match(css, new RegExp(`svg\\.chart text\\) \\{ font-size: ${FONT}px`));
});

const sc = (i: number, family: string): ScPoint => ({ id: `m${i}`, name: `Model number ${i}`, family, params: 1 + i * 7, acc: { value: (i * 0.37) % 1, lo: 0, hi: 1 }, fu: { value: (i * 0.13) % 0.4, lo: 0, hi: 0.5 } });
const one = /^-?\d+(\.\d)?$/;
/** Every number in a layout, recursively. */
const numbers = (v: unknown): number[] => typeof v === 'number' ? [v] : Array.isArray(v) ? v.flatMap(numbers) : v && typeof v === 'object' ? Object.entries(v).filter(([k]) => !['acc', 'fu', 'value', 'dlo', 'dhi', 'share', 'params', 'v', 'rate', 't', 'n', 'total', 'box'].includes(k)).flatMap(([, x]) => numbers(x)) : [];

test('narrow layouts fit 336 units, and every coordinate has at most one decimal', () => {
  const points = Array.from({ length: 9 }, (_, i) => sc(i, `fam${i % 3}`));
  for (const L of [scatterLayout(points), scatterLayout(points, NARROW)]) {
    assert.ok(L.labels.length > 0);
    for (const l of L.labels) assert.ok(l.box.x0 >= 0 && l.box.x1 <= L.width);
    for (const x of numbers(L)) assert.match(String(x), one);
  }
  const fp = failureProfileLayout(points.map((p) => ({ id: p.id, name: p.name, family: p.family, counts: [3, 1, 0, 2, 0, 1, 1] })), NARROW);
  assert.equal(fp.width, NARROW);
  for (const r of fp.rows) {
    assert.ok(r.label.y < r.y, 'name above its bar');
    assert.ok(Math.abs(r.segs.reduce((s, x) => s + x.w, 0) - (fp.ticks.at(-1)!.pos - fp.barX)) < 0.05, 'rounded segments tile the bar');
  }
  for (const x of numbers(fp)) assert.match(String(x), one);
});

test('perturbations: rows grouped under family headers; narrow stacks one panel per condition', () => {
  const d = (value: number, lo: number, hi: number) => ({ condition: 'x', value, lo, hi, significant: lo > 0 || hi < 0 });
  const rows: PdRow[] = [
    { id: 'b1', name: 'B one', family: 'beta', deltas: [d(0.1, 0.05, 0.15), d(0, -0.1, 0.1)] },
    { id: 'a1', name: 'A one', family: 'alpha', deltas: [d(-0.1, -0.2, 0.05), null] },
    { id: 'b2', name: 'B two', family: 'beta', deltas: [null, d(0.02, -0.01, 0.05)] },
  ];
  const W = perturbationLayout(rows, ['truncated', 'reference']);
  assert.deepEqual(W.texts.filter((t) => t.bold && !['truncated', 'reference'].includes(t.text)).map((t) => t.text), ['alpha', 'beta']);
  const y = (L: typeof W, id: string) => L.rows.find((r) => r.id === id)!.marks.find(Boolean)!.y;
  assert.ok(y(W, 'a1') < y(W, 'b1') && y(W, 'b1') < y(W, 'b2'), 'alpha first, then beta in given order');
  assert.equal(new Set(W.panels.map((p) => p.y0)).size, 1, 'wide: panels side by side');
  const N = perturbationLayout(rows, ['truncated', 'reference'], NARROW);
  assert.ok(N.panels[1]!.y0 > N.panels[0]!.y1, 'narrow: panels stacked');
  assert.ok(N.panels.every((p) => p.x1 <= NARROW && p.x1 - p.x0 > 150));
  assert.ok(N.height > N.panels[1]!.tickY);
  for (const x of numbers(N)) assert.match(String(x), one);
});

test('temperature panels: every point carries its 95% interval as a bar, inside the plot, the lines of a family side by side', () => {
  const pts = (rates: Array<[number, number, number]>) => rates.map(([rate, lo, hi], i) => ({ t: [0, 0.7, 1][i]!, rate, lo, hi }));
  const series: TsSeries[] = [
    { id: 'a', name: 'A', family: 'f', points: pts([[0, 0, 0.092], [0.05, 0.02, 0.12], [0.1, 0.05, 0.2]]) },
    { id: 'b', name: 'B', family: 'f', points: pts([[0, 0, 0.092], [0.2, 0.13, 0.28], [0.25, 0.18, 0.34]]) },
  ];
  const [P] = temperaturePanels(series);
  const bottom = P!.height - P!.margin.b;
  for (const s of P!.series) for (const d of s.dots) {
    assert.ok(d.yHi <= d.y && d.y <= d.yLo, `${s.id} T=${d.t}: the bar spans the point`);
    assert.ok(d.yHi >= P!.margin.t && d.yLo <= bottom, `${s.id} T=${d.t}: the bar stays in the plot (the scale reaches the highest upper bound)`);
    assert.ok(d.x > P!.margin.l && d.x < P!.width - P!.margin.r);
  }
  // 0 hits: no width at the point, but the bar still reaches its upper bound.
  const greedy = P!.series[0]!.dots[0]!;
  assert.ok(greedy.yLo - greedy.yHi > 10, JSON.stringify(greedy));
  // Equal rates at T=0 would draw one bar over the other: the two lines are set apart.
  assert.notEqual(P!.series[0]!.dots[0]!.x, P!.series[1]!.dots[0]!.x);
  assert.match(P!.series[0]!.path, new RegExp(`^M${P!.series[0]!.dots[0]!.x},`));
});

test('perturbations: a name too long for the narrow label column loses the shared lead, then its middle, never its size', () => {
  const row = (id: string, name: string, family = 'qwen3.5'): PdRow => ({ id, name, family, deltas: [{ condition: 'x', value: 0, lo: -0.1, hi: 0.1, significant: false }] });
  const rows = [row('g', 'Sim: GLM-4.5-Air', 'glm'), row('a', 'Sim: Qwen3.5 122B-A10B'), row('b', 'Sim: Qwen3.5 397B-A17B')];
  const names = (L: ReturnType<typeof perturbationLayout>) => L.texts.filter((t) => t.anchor === 'end').map((t) => [t.text, t.full]);
  assert.deepEqual(names(perturbationLayout(rows, ['truncated'], NARROW)), [
    ['GLM-4.5-Air', 'Sim: GLM-4.5-Air'], ['Qwen3.5 122B-A10B', 'Sim: Qwen3.5 122B-A10B'], ['Qwen3.5 397B-A17B', 'Sim: Qwen3.5 397B-A17B'],
  ]);
  // The wide column holds them whole.
  assert.deepEqual(names(perturbationLayout(rows, ['truncated'])).map(([t]) => t), rows.map((r) => r.name));
});

test('perturbations: side by side, each panel\'s tick labels stay inside it and apart, and the unit is written once', () => {
  const d = (lo: number, hi: number) => ({ condition: 'x', value: (lo + hi) / 2, lo, hi, significant: false });
  const rows: PdRow[] = [{ id: 'a', name: 'A', family: 'f', deltas: [d(-0.38, 0.31), d(-0.2, 0.35), d(-0.1, 0.1)] }];
  const W = perturbationLayout(rows, ['truncated', 'generic_question', 'reference']);
  const box = (t: { pos: number; text: string; anchor: string }) => {
    const w = textWidth(t.text);
    return t.anchor === 'start' ? [t.pos, t.pos + w] : t.anchor === 'end' ? [t.pos - w, t.pos] : [t.pos - w / 2, t.pos + w / 2];
  };
  for (const [i, p] of W.panels.entries()) {
    const [first, last] = [p.ticks[0]!, p.ticks.at(-1)!];
    assert.ok(box(first)[0]! >= p.x0 && box(last)[1]! <= p.x1, `panel ${i}: ${first.text} … ${last.text} inside ${p.x0}–${p.x1}`);
    for (const [k, t] of p.ticks.slice(1).entries()) assert.ok(box(t)[0]! - box(p.ticks[k]!)[1]! >= textWidth('0'), `panel ${i}: ${p.ticks[k]!.text} | ${t.text}`);
    const next = W.panels[i + 1];
    if (next) assert.ok(box(next.ticks[0]!)[0]! - box(last)[1]! >= 2 * textWidth('0'), `${last.text} | ${next.ticks[0]!.text}: two characters apart at least`);
  }
  assert.equal(W.texts.filter((t) => t.text === 'change vs greedy, percentage points').length, 1);
  assert.equal(perturbationLayout(rows, ['truncated', 'reference'], NARROW).texts.filter((t) => t.text === 'change vs greedy, percentage points').length, 1);
});
