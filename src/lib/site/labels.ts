/** The taxonomy and dataset lists for code that ships to the browser: src/schema/ids.ts imports nothing (no zod). */
import { DATASET_IDS, LABELS } from '../../schema/ids.ts';

export const SITE_LABELS = LABELS;
export type SiteLabel = (typeof SITE_LABELS)[number];

export const SITE_DATASETS = DATASET_IDS;

/** What each label means, as the methodology page and the annotation page show it (one copy for the site). */
export const LABEL_MEANINGS: Record<SiteLabel, string> = {
  genuine_followup: 'A plausible next user message that reacts to specific content of the answer: asks for clarification, challenges or corrects it, asks for a next step or a variation, reports an outcome. The headline metric counts only this label.',
  prompt_restatement: 'Repeats or paraphrases the original question, or asks it again, without reacting to the answer.',
  new_unrelated_query: 'A fresh, self-contained request unrelated to the answer (for example another maths word problem).',
  identity_leakage: 'Speaks as the assistant: continues or re-solves the answer, offers help, addresses “the user”.',
  meta_planning: 'Reasoning about how to respond (“The user wants… I should…”), chain of thought, analysis-channel text.',
  generic_closing: 'An ungrounded acknowledgement (“Thanks!”, “Great, that helps”) with no reference to the content.',
  empty_or_degenerate: 'Empty, only special tokens, repetition loops, garbage.',
};

export type SizeBucket = 'small' | 'medium' | 'large';
export const SIZE_BUCKETS: Array<{ id: SizeBucket; label: string; test: (b: number) => boolean }> = [
  { id: 'small', label: 'under 10B', test: (b) => b < 10 },
  { id: 'medium', label: '10B to 100B', test: (b) => b >= 10 && b < 100 },
  { id: 'large', label: '100B and more', test: (b) => b >= 100 },
];
