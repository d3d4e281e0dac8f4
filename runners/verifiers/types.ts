import type { ItemScore } from '../../src/schema/index.ts';

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

/** A verifier is a pure function: answer text in, structured score out. It never throws. */
export type Verify = (item: VerifierItem, answer: string) => ItemScore;
