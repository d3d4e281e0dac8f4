import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CATEGORICAL, LABEL_COLORS, NOT_SIGNIFICANT_COLOUR, SIGNIFICANT_COLOUR, categoricalColor, significanceMark } from '../../../src/lib/site/palette.ts';

const srgb = (hex: string) => hex.replace('#', '').match(/../g)!.map((h) => parseInt(h, 16) / 255);
const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const lum = (hex: string) => { const [r, g, b] = srgb(hex).map(lin); return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!; };
const ratio = (a: string, b: string) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };

/** The page backgrounds of both themes, read from the stylesheet. */
function backgrounds(): string[] {
  const css = readFileSync('src/styles/site.css', 'utf8');
  return [...css.matchAll(/--bg:\s*(#[0-9a-f]{6})/gi)].map((m) => m[1]!);
}

/** Deuteranopia simulation (Machado et al. 2009, severity 1) in linear RGB, then a rough distance. */
function deutan(hex: string): number[] {
  const [r, g, b] = srgb(hex).map(lin);
  return [0.367322 * r! + 0.860646 * g! - 0.227968 * b!, 0.280085 * r! + 0.672501 * g! + 0.047413 * b!, -0.01182 * r! + 0.04294 * g! + 0.968881 * b!];
}
const dist = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

test('every chart colour has 3:1 against the light and the dark page background', () => {
  const bgs = backgrounds();
  assert.ok(bgs.length >= 2);
  for (const c of [...CATEGORICAL, ...Object.values(LABEL_COLORS), SIGNIFICANT_COLOUR, NOT_SIGNIFICANT_COLOUR]) {
    for (const bg of bgs) assert.ok(ratio(c, bg) >= 3, `${c} on ${bg}: ${ratio(c, bg).toFixed(2)}:1`);
  }
});

test('genuine follow-up and identity leakage stay apart for deuteranopes (no red/green pair)', () => {
  const d = dist(deutan(LABEL_COLORS.genuine_followup), deutan(LABEL_COLORS.identity_leakage));
  assert.ok(d > 0.1, `distance ${d.toFixed(3)}`);
  assert.equal(new Set(Object.values(LABEL_COLORS)).size, 7, 'seven distinct label colours');
});

/** CIELAB of a linear-RGB colour (D65), after an optional colour-vision simulation; CIE76 distance. */
const PROTAN = [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]];
const DEUTAN = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]];
function lab(hex: string, m?: number[][]): number[] {
  const v = srgb(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const [r, g, b] = m ? m.map((row) => Math.min(1, Math.max(0, row[0]! * v[0]! + row[1]! * v[1]! + row[2]! * v[2]!))) : v;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const [x, y, z] = [(0.4124 * r! + 0.3576 * g! + 0.1805 * b!) / 0.95047, 0.2126 * r! + 0.7152 * g! + 0.0722 * b!, (0.0193 * r! + 0.1192 * g! + 0.9505 * b!) / 1.08883];
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
/** Every pair of a palette at least ΔE 9 apart in normal, deuteranope and protanope vision (Machado et al. 2009). */
function assertDistinct(name: string, colours: Record<string, string>) {
  const e = Object.entries(colours);
  for (const [vision, m] of [['normal', undefined], ['deuteranopia', DEUTAN], ['protanopia', PROTAN]] as const) {
    for (let i = 0; i < e.length; i++) for (let j = i + 1; j < e.length; j++) {
      const d = dist(lab(e[i]![1], m as number[][] | undefined), lab(e[j]![1], m as number[][] | undefined));
      assert.ok(d >= 9, `${name}: ${e[i]![0]} ${e[i]![1]} and ${e[j]![0]} ${e[j]![1]} are ΔE ${d.toFixed(1)} apart under ${vision}`);
    }
  }
}

test('every pair of label colours stays apart for deuteranopes and protanopes (a stacked failure bar reads by colour)', () => {
  assertDistinct('labels', LABEL_COLORS);
});

test('every pair of categorical colours (families, temperature lines) stays apart for deuteranopes and protanopes', () => {
  assertDistinct('categorical', Object.fromEntries(CATEGORICAL.map((c, i) => [String(i), c])));
});

test('family colours are stable by name, whatever the order or the other families', () => {
  const a = categoricalColor(['qwen', 'glm', 'gpt-oss']);
  const b = categoricalColor(['gpt-oss', 'qwen', 'glm', 'glm']);
  for (const f of ['qwen', 'glm', 'gpt-oss']) assert.equal(a(f), b(f));
  assert.equal(new Set(['qwen', 'glm', 'gpt-oss'].map(a)).size, 3);
});

test('significance is filled and coloured, non-significance a grey ring: shape and colour both differ', () => {
  const yes = significanceMark(true); const no = significanceMark(false);
  assert.deepEqual([yes.filled, no.filled], [true, false]);
  assert.notEqual(yes.colour, no.colour);
  assert.deepEqual([yes.word, no.word], ['significant', 'not significant']);
});
