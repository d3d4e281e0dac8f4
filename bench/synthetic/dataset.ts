/** One model's samples on one dataset, every condition's, as JSONL lines (its figures are buildSummary's: summary.ts). */
import { BASELINE_CONDITION, type Suite } from '../../src/schema/index.ts';
import type { ModelSpec } from './models.ts';
import { conditionRate, type Profile } from './profile.ts';
import { drawSample } from './sample.ts';
import { hashString, makeItem, rngFrom, type Item } from './text.ts';

export interface DatasetRun {
  suite: Suite;
  model: ModelSpec;
  profile: Profile;
  seed: number;
  nItems: number;
  /** Where the XSS payload goes: the first model's first dataset, item 2, greedy condition. */
  xssHere: boolean;
}

export function generateDataset(r: DatasetRun, ds: Suite['datasets'][number]): string[] {
  const { model: m, profile: prof, seed } = r;
  const accRate = prof.acc(ds.id);
  const items: Item[] = [];
  for (let i = 0; i < r.nItems; i++) items.push(makeItem(ds.id, i, rngFrom(hashString(`item:${ds.id}:${i}:${seed}`))));
  const correct = items.map((it) => rngFrom(hashString(`acc:${m.id}:${it.item_id}`))() < accRate);
  const lines: string[] = [];
  for (const c of r.suite.conditions) {
    const hasRef = ds.id !== 'ifeval' && ds.id !== 'ifbench';
    if (c.perturbation.kind === 'reference' && !hasRef) continue;
    const rate = conditionRate(prof, c, ds.id);
    items.forEach((it, ii) => {
      const rng = rngFrom(hashString(`s:${m.id}:${it.item_id}:${c.id}:${seed}`));
      const itemFactor = 0.4 + 1.2 * rngFrom(hashString(`if:${m.id}:${it.item_id}`))();
      for (let k = 0; k < c.samples; k++) {
        const xss = r.xssHere && ii === 2 && c.id === BASELINE_CONDITION;
        const s = drawSample({ suiteSeed: r.suite.seed, modelId: m.id, profile: prof, dataset: ds, item: it, correct: correct[ii], condition: c, k, rate: rate * itemFactor, xss }, rng);
        lines.push(JSON.stringify(s.sample));
      }
    });
  }
  return lines;
}
