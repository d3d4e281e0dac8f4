/** The shaded cells of a confusion matrix keep their numbers readable (WCAG AA 4.5:1) in both themes. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const rgb = (hex: string) => hex.replace('#', '').match(/../g)!.map((h) => parseInt(h, 16));
function lum(c: number[]): number {
  const v = c.map((x) => x / 255).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
  return 0.2126 * v[0]! + 0.7152 * v[1]! + 0.0722 * v[2]!;
}
const ratio = (a: number[], b: number[]) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };

test('confusion-matrix shades (accent mixed over the page) keep --fg text at 4.5:1 in light and dark', () => {
  const css = readFileSync('src/styles/site.css', 'utf8');
  const block = (re: RegExp) => Object.fromEntries([...(re.exec(css)?.[1] ?? '').matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));
  const themes = [['light', block(/:root \{([^}]*)\}/)], ['dark', block(/:root\[data-theme='dark'\] \{([^}]*)\}/)]] as const;
  const comp = readFileSync('src/components/Confusion.astro', 'utf8');
  const shades = [...comp.matchAll(/\.(h\d) \{ background: color-mix\(in srgb, var\(--accent\) (\d+)%, transparent\); \}/g)].map((m) => [m[1]!, Number(m[2]) / 100] as const);
  assert.equal(shades.length, 5, 'five shades found');
  for (const [name, t] of themes) for (const [cls, p] of shades) {
    const bg = rgb(t['bg']!); const acc = rgb(t['accent']!);
    const cell = acc.map((c, i) => p * c + (1 - p) * bg[i]!);
    const r = ratio(rgb(t['fg']!), cell);
    assert.ok(r >= 4.5, `${name}: .${cls} cell text is ${r.toFixed(2)}:1`);
  }
});
