/** The sentence under the perturbation chart: which effects' paired intervals exclude zero, by family (pure). */
import type { PdRow } from '../site/charts.ts';

/** Families listed per effect before "and N more". */
const MAX_FAMILIES = 4;

function familyCounts(rows: readonly PdRow[], j: number, sign: 1 | -1): string {
  const fams = new Map<string, { hit: number; of: number }>();
  for (const r of rows) {
    const d = r.deltas[j];
    if (!d) continue;
    const f = fams.get(r.family) ?? { hit: 0, of: 0 };
    f.of++;
    if (d.significant && Math.sign(d.value) === sign) f.hit++;
    fams.set(r.family, f);
  }
  const hits = [...fams].filter(([, f]) => f.hit > 0).sort((a, b) => b[1].hit - a[1].hit || a[0].localeCompare(b[0]));
  const shown = hits.slice(0, MAX_FAMILIES).map(([name, f]) => `${name} ${f.hit}/${f.of}`);
  return shown.join(', ') + (hits.length > MAX_FAMILIES ? ` and ${hits.length - MAX_FAMILIES} more` : '');
}

/** "truncated lowers follow-up in 5 of 12 models (qwen 3/4, llama 2/3); no other effect's interval excludes zero." */
export function perturbationSentence(rows: readonly PdRow[], conditions: readonly string[]): string {
  if (rows.length === 0 || conditions.length === 0) return 'No perturbation results yet.';
  const parts: string[] = [];
  conditions.forEach((c, j) => {
    const marks = rows.flatMap((r) => (r.deltas[j] ? [r.deltas[j]!] : []));
    for (const sign of [-1, 1] as const) {
      const n = marks.filter((d) => d.significant && Math.sign(d.value) === sign).length;
      if (n > 0) parts.push(`${c} ${sign < 0 ? 'lowers' : 'raises'} follow-up in ${n} of ${marks.length} models (${familyCounts(rows, j, sign)})`);
    }
  });
  const comparisons = rows.reduce((s, r) => s + r.deltas.filter(Boolean).length, 0);
  if (parts.length === 0) return `None of ${comparisons} paired 95% intervals (${rows.length} models × ${conditions.join(', ')}) excludes zero: no perturbation effect can be told from chance.`;
  return `Paired 95% intervals excluding zero: ${parts.join('; ')}; every other model × perturbation interval contains zero.`;
}
