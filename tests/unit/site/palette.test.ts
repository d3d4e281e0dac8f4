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
