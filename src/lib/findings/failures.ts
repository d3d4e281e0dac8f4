/** Failure profiles per family and the sentence naming each family's dominant failure with its share (pure). */
import { LABELS, type Label } from '../../schema/index.ts';
import { wilsonInterval } from '../metrics/wilson.ts';
import { LABEL_NAMES, pct } from '../site/format.ts';
import type { FpModel } from '../site/charts.ts';

export interface FamilyFailure { family: string; label: Label; n: number; of: number; share: number; lo: number; hi: number }

/** Label counts summed over each family's models (the chart's own pooled rows skipped), by family name. */
function familyCounts(models: readonly FpModel[]): Array<[string, number[]]> {
  const fams = new Map<string, number[]>();
  for (const m of models) {
    if (m.id.startsWith('family:')) continue;
    fams.set(m.family, (fams.get(m.family) ?? LABELS.map(() => 0)).map((v, i) => v + (m.counts[i] ?? 0)));
  }
  return [...fams].sort((a, b) => a[0].localeCompare(b[0]));
}

/** Per family (pooled counts of its models): the most frequent label other than a genuine follow-up. */
export function dominantFailures(models: readonly FpModel[]): FamilyFailure[] {
  return familyCounts(models).flatMap(([family, counts]) => {
    const of = counts.reduce((s, c) => s + c, 0);
    let best = -1;
    LABELS.forEach((l, i) => { if (l !== 'genuine_followup' && counts[i]! > 0 && (best < 0 || counts[i]! > counts[best]!)) best = i; });
    if (of === 0 || best < 0) return [];
    const n = counts[best]!;
    const ci = wilsonInterval(n, of, 0.95);
    return [{ family, label: LABELS[best]!, n, of, share: n / of, lo: ci.lo, hi: ci.hi }];
  });
}

/** One pooled bar per family (models of a family summed), for the compact chart. */
export function familyProfiles(models: readonly FpModel[]): FpModel[] {
  const size = new Map<string, number>();
  for (const m of models) if (!m.id.startsWith('family:')) size.set(m.family, (size.get(m.family) ?? 0) + 1);
  return familyCounts(models).map(([family, counts]) => {
    const k = size.get(family) ?? 0;
    const name = k === 1 ? '1 model' : `${k} models pooled`;
    return { id: `family:${family}`, name, tip: `${family}, ${name}`, family, counts };
  });
}

// Whole percents by the site's rule: a share above 0 never reads as 0% ("<1%"), one below 1 never as 100% (">99%").
const p = (x: number) => pct(x, 0);

/** "Dominant failure by family: qwen, prompt restatement 41% [36–46%] of 480 judged turns; …" */
export function failureSentence(f: readonly FamilyFailure[], condition: string): string {
  if (f.length === 0) return `No judged user turns under ${condition} yet, or none that failed.`;
  const parts = f.map((x) => `${x.family}, ${LABEL_NAMES[x.label].toLowerCase()} ${p(x.share)} [${p(x.lo)}–${p(x.hi)}] of ${x.of} judged turns`);
  return `Most frequent failure under ${condition}, by family: ${parts.join('; ')}.`;
}
