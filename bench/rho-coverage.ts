/**
 * Coverage of the site's interval for Spearman's ρ across models (src/lib/metrics/spearman-bootstrap.ts: BCa over
 * models), by simulation: models drawn from a population (accuracy uniform on 0.30–0.95, follow-up rate linear in it
 * plus noise), each measured on n items; the target is ρ of the measured rates in that population (from 20,000
 * models). For each setting it prints how often the 95% interval holds the target and how often it holds its own
 * estimate, next to the one-level percentile interval and the Fisher-z interval of Bonett & Wright (2000,
 * Psychometrika 65:23, variance (1 + ρ²/2) / (m − 3)) on the same data sets.
 *
 *   npx node bench/rho-coverage.ts [--sets 300] [--resamples 1000]
 */
import { parseScriptArgs, intFlag } from '../runners/core/args.ts';
import { binomialDraw } from '../src/lib/metrics/binomial-draw.ts';
import { mulberry32 } from '../src/lib/metrics/prng.ts';
import { quantileSorted } from '../src/lib/metrics/quantile.ts';
import { spearman } from '../src/lib/metrics/spearman.ts';
import { spearmanBootstrap, type RhoModel } from '../src/lib/metrics/spearman-bootstrap.ts';

const USAGE = 'usage: npx node bench/rho-coverage.ts [--sets N] [--resamples N]';
const { values } = parseScriptArgs(process.argv.slice(2), { sets: { type: 'string' }, resamples: { type: 'string' } }, USAGE);
const SETS = intFlag('sets', values.sets, 300);
const RESAMPLES = intFlag('resamples', values.resamples, 1000);

/** [models, items per model, slope of follow-up on accuracy] */
const SETTINGS: Array<[number, number, number]> = [[12, 12, 0], [12, 36, 0], [60, 36, 0], [6, 36, 0.25], [12, 36, 0.25], [30, 12, 0.25], [12, 200, 0.4]];

function population(n: number, slope: number, rand: () => number): () => RhoModel {
  return () => {
    const a = 0.3 + 0.65 * rand();
    const f = Math.max(0.001, Math.min(0.999, 0.02 + slope * (a - 0.3) + 0.05 * (rand() - 0.5)));
    return { acc: { value: binomialDraw(n, a, rand) / n, n }, fu: { value: binomialDraw(n, f, rand) / n, n } };
  };
}

const share = (k: number, of: number) => `${((100 * k) / of).toFixed(1)}%`;
console.log(`${SETS} data sets per setting, ${RESAMPLES} resamples; coverage of the population ρ (95% intervals)`);
console.log('models  items  slope  target ρ   BCa (site)  own estimate inside   percentile  Bonett–Wright');
for (const [m, n, slope] of SETTINGS) {
  const rand = mulberry32(m * 1000 + n + Math.round(slope * 100));
  const draw = population(n, slope, rand);
  const big = Array.from({ length: 20_000 }, draw);
  const target = spearman(big.map((x) => x.acc.value), big.map((x) => x.fu.value)) ?? 0;
  let sets = 0, bca = 0, inside = 0, pct = 0, bw = 0;
  for (let s = 0; s < SETS; s++) {
    const ms = Array.from({ length: m }, draw);
    const r = spearmanBootstrap(ms, { resamples: RESAMPLES, seed: s, confidence: 0.95 });
    if (r.rho === null || r.lo === null || r.hi === null) continue;
    sets++;
    if (r.lo <= target && target <= r.hi) bca++;
    if (r.lo <= r.rho && r.rho <= r.hi) inside++;
    // The percentile interval of the same one-level resampling.
    const pick = mulberry32(s);
    const reps: number[] = [];
    for (let b = 0; b < RESAMPLES; b++) {
      const idx = ms.map(() => Math.floor(pick() * m));
      reps.push(spearman(idx.map((i) => ms[i]!.acc.value), idx.map((i) => ms[i]!.fu.value)) ?? 0);
    }
    reps.sort((x, y) => x - y);
    if (quantileSorted(reps, 0.025) <= target && target <= quantileSorted(reps, 0.975)) pct++;
    const z = Math.atanh(Math.max(-0.9999, Math.min(0.9999, r.rho)));
    const se = Math.sqrt((1 + (r.rho * r.rho) / 2) / (m - 3));
    if (Math.tanh(z - 1.96 * se) <= target && target <= Math.tanh(z + 1.96 * se)) bw++;
  }
  console.log(`${String(m).padStart(6)}  ${String(n).padStart(5)}  ${slope.toFixed(2).padStart(5)}  ${target.toFixed(3).padStart(8)}   ${share(bca, sets).padStart(10)}  ${share(inside, sets).padStart(19)}   ${share(pct, sets).padStart(10)}  ${share(bw, sets).padStart(13)}`);
}
