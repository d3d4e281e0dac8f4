/** Words for the interval methods a summary was computed with (provenance.intervals; absent = suite v1). */
import type { Provenance } from '../../schema/index.ts';

const RATE = {
  percentile_bootstrap: 'percentile bootstrap over items',
  wilson_deff: 'Wilson score interval on the effective sample size (trials ÷ design effect of the item clusters)',
} as const;
const DELTA = {
  paired_bootstrap: 'paired percentile bootstrap',
  mover_wilson: "MOVER from both sides' Wilson intervals and their correlation (Newcombe's paired score interval)",
} as const;

/** One sentence: "Rates: …; deltas vs greedy: …". */
export function intervalMethodText(p: Pick<Provenance, 'intervals'>): string {
  const rate = p.intervals?.rate ?? 'percentile_bootstrap';
  const delta = p.intervals?.delta ?? 'paired_bootstrap';
  return `rates, any-of-k and accuracy: ${RATE[rate]}; deltas vs greedy: ${DELTA[delta]}${p.intervals ? '' : ' (suite v1 methods)'}`;
}
