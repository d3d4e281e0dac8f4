/**
 * Paper-regime simulator profiles: one per model of the paper's set (arXiv 2604.02315, "Beyond the Assistant
 * Turn"), so `npm run demo` exercises the statistics and every chart in the regime the paper reports.
 * SIMULATED: these are label mixtures for the simulator's rule-written text. They are not the paper's data and
 * say nothing measured about any model; the site shows every demo page with a "simulated" banner.
 *
 * Published (arXiv 2604.02315, abstract), and encoded here:
 *   P1  Qwen3.5 GSM8K accuracy 41% at 0.8B rising to 96.8% at 397B-A17B.
 *   P2  Greedy genuine follow-up stays near zero for Qwen3.5 (decoupled from accuracy).
 *   P3  Sampling at higher temperature reveals latent awareness: follow-up rates up to about 22%.
 *   P4  Controlled perturbations (truncating the answer, a generic closing question) raise follow-up for
 *       gpt-oss and GLM, not for Qwen3.5.
 *   P5  Failure modes differ by family: prompt restatement, meta-planning, identity leakage.
 *
 * Ours (assumed or invented; the abstract does not give them):
 *   A1  Which family fails how (P5 names the modes, not the owners): Qwen3.5 → prompt restatement,
 *       gpt-oss → meta-planning (analysis-channel text), GLM → identity leakage.
 *   A2  Every intermediate Qwen3.5 accuracy (2B … 122B-A10B): invented on a saturating curve between P1's two end
 *       points (rising with size; the MoE 35B-A3B a little below the dense 27B). gpt-oss and GLM GSM8K accuracies:
 *       invented.
 *   A3  Exact greedy rates (P2 says "near zero": we use 0.3–1%), gpt-oss and GLM greedy rates (low, 2–4%: invented).
 *   A4  Which model reaches P3's 22%: we give it to Qwen3.5 397B-A17B at T=1.0; the others are spread below it.
 *       t0.7 is the simulator's linear mix of the greedy and T=1.0 mixtures.
 *   A5  Size of every perturbation effect (P4 gives the direction only).
 *   A6  IFEval / IFBench accuracy is not simulated at all: it is whatever the verifiers make of the simulator's
 *       template answers (the same for every profile).
 *   A7  unfinishedRate (assistant turns that run out of the token budget while thinking): invented, 1–6%, higher
 *       for small thinking models. Read by the runner's unfinished-answer mechanism where it exists.
 *
 * | profile                   | GSM8K acc        | greedy genuine | T=1.0 genuine | perturbations raise follow-up | main failure   |
 * |---------------------------|------------------|----------------|---------------|-------------------------------|----------------|
 * | paper-qwen3.5-0.8b        | 0.41 (P1)        | 0.3% (A3)      | 4% (A4)       | no (P4)                       | restatement A1 |
 * | paper-qwen3.5-2b          | 0.62 (A2)        | 0.3%           | 6%            | no                            | restatement    |
 * | paper-qwen3.5-4b          | 0.75 (A2)        | 0.5%           | 9%            | no                            | restatement    |
 * | paper-qwen3.5-9b          | 0.85 (A2)        | 0.5%           | 12%           | no                            | restatement    |
 * | paper-qwen3.5-27b         | 0.93 (A2)        | 0.8%           | 16%           | no                            | restatement    |
 * | paper-qwen3.5-35b-a3b     | 0.90 (A2)        | 0.6%           | 14%           | no                            | restatement    |
 * | paper-qwen3.5-122b-a10b   | 0.95 (A2)        | 1%             | 19%           | no                            | restatement    |
 * | paper-qwen3.5-397b-a17b   | 0.968 (P1)       | 1%             | 22% (P3, A4)  | no                            | restatement    |
 * | paper-gpt-oss-20b         | 0.90 (A2)        | 2% (A3)        | 12%           | yes (P4, size A5)             | meta-planning  |
 * | paper-gpt-oss-120b        | 0.95 (A2)        | 3%             | 15%           | yes                           | meta-planning  |
 * | paper-glm-4.5-air         | 0.93 (A2)        | 3%             | 14%           | yes                           | id. leakage    |
 *
 * Weights are shares in percent (each mixture sums to 100); perturbation weights are added on top when the prompt
 * shows the perturbation, so +15 on 100 moves a share by about 13 points.
 */
// mix(): a mixture in percent, taxonomy order: genuine, restatement, unrelated, leakage, meta, closing, degenerate.
import { weights as mix, type Profile, type Weights } from './profile-types.ts';

/** A paper-regime profile; its `unfinishedRate` (A7) is the Profile field the simulator's unfinished answers read. */
export type PaperProfile = Profile;


/** The rest of 100 after `genuine`, split in the family's failure shape (shape sums to 1). */
function failures(genuine: number, shape: Omit<Weights, 'genuine_followup'>): Weights {
  const rest = 100 - genuine;
  return mix(genuine, rest * shape.prompt_restatement, rest * shape.new_unrelated_query, rest * shape.identity_leakage, rest * shape.meta_planning, rest * shape.generic_closing, rest * shape.empty_or_degenerate);
}

type Shape = Omit<Weights, 'genuine_followup'>;
const shape = (restate: number, unrelated: number, leak: number, meta: number, closing: number, degenerate: number): Shape => ({
  prompt_restatement: restate, new_unrelated_query: unrelated, identity_leakage: leak, meta_planning: meta, generic_closing: closing, empty_or_degenerate: degenerate,
});

// Family failure shapes (A1): greedy ("cold") and T=1.0 ("hot"); sampling spreads the mass a little.
const QWEN = { cold: shape(0.64, 0.12, 0.08, 0.04, 0.08, 0.04), hot: shape(0.48, 0.16, 0.1, 0.06, 0.12, 0.08) };
const GPT_OSS = { cold: shape(0.1, 0.06, 0.12, 0.58, 0.09, 0.05), hot: shape(0.1, 0.1, 0.14, 0.46, 0.12, 0.08) };
const GLM = { cold: shape(0.08, 0.06, 0.6, 0.1, 0.12, 0.04), hot: shape(0.1, 0.1, 0.48, 0.12, 0.14, 0.06) };

// Perturbations (P4 for the direction, A5 for the size). Qwen3.5: a cut-off answer is restated, a closing question
// is thanked, neither raises follow-up. gpt-oss and GLM: a cut-off answer draws "you stopped at …" follow-ups,
// a closing question draws both follow-ups and closings.
const QWEN_PERTURB = { truncated: { prompt_restatement: 12 }, generic_question: { generic_closing: 15 } };
const REACTIVE_PERTURB = { truncated: { genuine_followup: 25 }, generic_question: { genuine_followup: 12, generic_closing: 10 } };

interface Row { id: string; what: string; accuracy: number; greedy: number; hot: number; unfinished: number }

function family(rows: Row[], shapes: { cold: Shape; hot: Shape }, perturbations: Profile['perturbations']): Record<string, PaperProfile> {
  return Object.fromEntries(rows.map((r): [string, PaperProfile] => {
    const name = `paper-${r.id}`;
    return [name, {
      name,
      description: `Simulated stand-in for ${r.what} in the paper's regime (arXiv 2604.02315): calibrated to published figures where they exist, invented elsewhere.`,
      cold: failures(r.greedy, shapes.cold),
      hot: failures(r.hot, shapes.hot),
      accuracy: r.accuracy,
      perturbations,
      unfinishedRate: r.unfinished,
    }];
  }));
}

/** One profile per model of the paper's set, named `paper-<submission id>`. */
export const PAPER_PROFILES: Record<string, PaperProfile> = {
  ...family([
    { id: 'qwen3.5-0.8b', what: 'Qwen3.5 0.8B', accuracy: 0.41, greedy: 0.3, hot: 4, unfinished: 0.06 },
    { id: 'qwen3.5-2b', what: 'Qwen3.5 2B', accuracy: 0.62, greedy: 0.3, hot: 6, unfinished: 0.05 },
    { id: 'qwen3.5-4b', what: 'Qwen3.5 4B', accuracy: 0.75, greedy: 0.5, hot: 9, unfinished: 0.04 },
    { id: 'qwen3.5-9b', what: 'Qwen3.5 9B', accuracy: 0.85, greedy: 0.5, hot: 12, unfinished: 0.03 },
    { id: 'qwen3.5-27b', what: 'Qwen3.5 27B', accuracy: 0.93, greedy: 0.8, hot: 16, unfinished: 0.02 },
    { id: 'qwen3.5-35b-a3b', what: 'Qwen3.5 35B-A3B', accuracy: 0.9, greedy: 0.6, hot: 14, unfinished: 0.02 },
    { id: 'qwen3.5-122b-a10b', what: 'Qwen3.5 122B-A10B', accuracy: 0.95, greedy: 1, hot: 19, unfinished: 0.01 },
    { id: 'qwen3.5-397b-a17b', what: 'Qwen3.5 397B-A17B', accuracy: 0.968, greedy: 1, hot: 22, unfinished: 0.01 },
  ], QWEN, QWEN_PERTURB),
  ...family([
    { id: 'gpt-oss-20b', what: 'gpt-oss 20B', accuracy: 0.9, greedy: 2, hot: 12, unfinished: 0.03 },
    { id: 'gpt-oss-120b', what: 'gpt-oss 120B', accuracy: 0.95, greedy: 3, hot: 15, unfinished: 0.02 },
  ], GPT_OSS, REACTIVE_PERTURB),
  ...family([
    { id: 'glm-4.5-air', what: 'GLM-4.5-Air', accuracy: 0.93, greedy: 3, hot: 14, unfinished: 0.04 },
  ], GLM, REACTIVE_PERTURB),
};
