/** One synthetic sample: the user turn, its two verdicts, accuracy and timings, drawn from one seeded stream. */
import { LABELS, type Condition, type Label, type Sample, type Suite } from '../../src/schema/index.ts';
import { PRIMARY, SECONDARY } from './judges.ts';
import { drawFailure, type Profile } from './profile.ts';
import { fakeSha256, hashString, int, pick, rationaleFor, userTurnFor, XSS_PAYLOAD, type Item, type Rng } from './text.ts';

export interface SampleDraw {
  suiteSeed: number;
  modelId: string;
  profile: Profile;
  dataset: Suite['datasets'][number];
  item: Item;
  correct: boolean | undefined;
  condition: Condition;
  k: number;
  /** The item's share of genuine follow-ups under this condition. */
  rate: number;
  /** The one sample whose user turn is an XSS payload (the site must show it as text). */
  xss: boolean;
}

export interface DrawnSample {
  sample: Sample;
  label: Label;
  secondLabel: Label;
  reqError: boolean;
  judgeErr: boolean;
}

/** Draw one sample. The order of the `rng` calls is what makes the output the same bytes for the same arguments. */
export function drawSample(d: SampleDraw, rng: Rng): DrawnSample {
  const { item: it, condition: c, k, dataset: ds, correct } = d;
  const reqError = rng() < 0.002;
  const label: Label = rng() < d.rate ? 'genuine_followup' : drawFailure(d.profile, rng);
  let userTurn = reqError ? '' : userTurnFor(label, it, ds.id, rng);
  if (d.xss) userTurn = XSS_PAYLOAD;
  let response = it.response;
  if (c.perturbation.kind === 'truncate') {
    const cut = Math.floor(response.length * c.perturbation.fraction);
    const sp = response.lastIndexOf(' ', cut);
    response = response.slice(0, sp > 0 ? sp : cut);
  } else if (c.perturbation.kind === 'append') response = `${response}${c.perturbation.separator}${c.perturbation.text}`;
  else if (c.perturbation.kind === 'reference') response = it.reference ?? response;
  const judgeErr = !reqError && rng() < 0.003;
  const secondLabel: Label = rng() < 0.82 ? label : pick(rng, LABELS);
  const verdicts: Sample['verdicts'] = reqError ? [] : [
    judgeErr
      ? { kind: 'judge_error', reason: 'unparseable judge output after 3 retries', judge: PRIMARY }
      : { kind: 'label', label, rationale: rationaleFor(label), evidence_span: userTurn.slice(0, 80) || null, rule: null, judge: PRIMARY },
    { kind: 'label', label: secondLabel, rationale: rationaleFor(secondLabel), evidence_span: null, rule: `rule:${secondLabel}`, judge: SECONDARY },
  ];
  const sample: Sample = {
    format: 1, id: `${it.item_id}~${c.id}~${k}`, submission_id: d.modelId, dataset: ds.id, item_id: it.item_id,
    condition: c.id, sample_index: k, question: it.question, response,
    assistant_finish_reason: 'stop',
    accuracy: ds.accuracy === null ? null : ds.accuracy === 'gsm8k'
      ? { kind: 'gsm8k', correct: correct ?? false, extracted: correct ? String(it.answer) : String(it.answer + 1), rule: 'the answer is', reference: String(it.answer) }
      : { kind: 'instructions', strict: correct ?? false, loose: correct || rng() < 0.3, instructions: [{ id: 'punctuation:no_comma', strict: correct ?? false, loose: true, reason: correct ? null : 'found 2 commas' }] },
    user_turn: userTurn,
    finish_reason: reqError ? null : (label === 'empty_or_degenerate' && userTurn.startsWith('the the') ? 'length' : 'stop'),
    seed: c.temperature > 0 ? hashString(`${d.suiteSeed}:${it.item_id}:${c.id}:${k}`) : null,
    temperature: c.temperature, top_p: c.top_p,
    prompt_sha256: reqError ? null : fakeSha256(`p:${d.modelId}:${it.item_id}:${c.id}`),
    timings: { assistant_ms: 200 + int(rng, 0, 3000), user_turn_ms: reqError ? null : 50 + int(rng, 0, 900) },
    error: reqError ? { stage: 'user_turn', reason: 'HTTP 500 after 5 retries' } : null,
    verdicts,
  };
  return { sample, label, secondLabel, reqError, judgeErr };
}
