/** The sentence under the follow-up vs accuracy chart, computed from ρ and its interval (pure). */
import type { RhoInterval } from '../metrics/spearman-bootstrap.ts';
import { rhoText } from '../site/rho-text.ts';

/** Spearman's ρ needs at least this many models to be worth a sentence. */
export const MIN_MODELS_RHO = 3;

/** "ρ = 0.12 [95% CI −0.41, 0.58] across 11 models under t1.0: no evidence that follow-up tracks accuracy." */
export function decouplingSentence(r: RhoInterval, models: number, condition: string): string {
  const across = `across ${models} model${models === 1 ? '' : 's'} under ${condition}`;
  if (models < MIN_MODELS_RHO) return `Too few models (${models}) under ${condition} to relate follow-up to accuracy: Spearman's ρ needs at least ${MIN_MODELS_RHO}.`;
  if (r.rho === null) return `ρ is not defined ${across}: follow-up rate or accuracy is the same for every model.`;
  const head = `ρ = ${rhoText(r)} ${across}`;
  if (r.includes_zero) return `${head}: no evidence that follow-up tracks accuracy (the interval contains zero).`;
  return r.rho > 0
    ? `${head}: models with higher accuracy write more genuine follow-ups (the interval excludes zero).`
    : `${head}: models with higher accuracy write fewer genuine follow-ups (the interval excludes zero).`;
}
