import type { DatasetId } from '../../src/schema/index.ts';

/**
 * The records one dataset item becomes: the datasets parse them, the verifiers score them, the probe and the
 * judge controls use them. They live here, below all of those folders, so none of them imports another for a type.
 */

/** What a verifier needs to know about one dataset item, beside the model's answer. */
export type VerifierItem =
  | { dataset: 'gsm8k'; id: string; reference_answer: string /* full reference solution ending in "#### N" */ }
  | {
      dataset: 'ifeval' | 'ifbench';
      id: string;
      prompt: string;
      instruction_id_list: string[];
      kwargs: Array<Record<string, unknown>>;
    };

/** One dataset item as the probe uses it. */
export interface DatasetItem {
  dataset: DatasetId;
  /** Stable id within the dataset (URL-safe): the source's own key, or the zero-padded line index. */
  id: string;
  /** The user question q (first turn). */
  question: string;
  /** Reference response used by the `reference` condition; null when the dataset has none for this item. */
  reference: string | null;
  /** What the verifier needs; null for conversation sets (no accuracy). */
  verifier: VerifierItem | null;
}
