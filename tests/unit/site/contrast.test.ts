import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

/** WCAG 2.x relative luminance and contrast ratio. */
function lum(hex: string): number {
  const v = hex.replace('#', '').match(/../g)!.map((h) => parseInt(h, 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * v[0]! + 0.7152 * v[1]! + 0.0722 * v[2]!;
}
const ratio = (a: string, b: string) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };

function themes(): Array<[string, Record<string, string>]> {
  const css = readFileSync('src/styles/site.css', 'utf8');
  const block = (re: RegExp) => Object.fromEntries([...(re.exec(css)?.[1] ?? '').matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));
  return [['light', block(/:root \{([^}]*)\}/)], ['dark', block(/:root\[data-theme='dark'\] \{([^}]*)\}/)]];
}

test('text colours meet WCAG AA (4.5:1) in the light and the dark theme', () => {
  for (const [name, t] of themes()) {
    for (const [fg, bg] of [['fg', 'bg'], ['muted', 'bg'], ['accent', 'bg'], ['fg', 'panel'], ['muted', 'panel'], ['accent', 'panel'], ['warn-fg', 'warn-bg'], ['fg', 'code-bg'], ['ok', 'bg'], ['ok', 'panel']] as const) {
      assert.ok(t[fg] && t[bg], `${name}: --${fg} and --${bg} defined`);
      const r = ratio(t[fg]!, t[bg]!);
      assert.ok(r >= 4.5, `${name}: --${fg} on --${bg} is ${r.toFixed(2)}:1`);
    }
    // Focus outline and borders of controls: non-text contrast 3:1.
    assert.ok(ratio(t['focus']!, t['bg']!) >= 3, `${name}: focus ring contrast`);
  }
});
