import type { DatasetItem } from '../../core/items.ts';
import { rngFor } from '../../sim/rng.ts';
import { genericAnswer } from '../../sim/text.ts';

/**
 * The assistant turn of a control exchange. The dataset's reference response where it has one (GSM8K's worked
 * solution, MT-Bench/Vicuna GPT-4 answers); otherwise (IFEval, IFBench, the MT-Bench questions without a
 * reference) the simulator's topic-grounded answer text, seeded by the control seed and the item, so the same
 * suite always gives the same exchange without any model or network.
 */
export function controlAnswer(item: DatasetItem, seed: number): string {
  return item.reference ?? genericAnswer(item.question, rngFor('judge-controls', seed, item.dataset, item.id));
}
