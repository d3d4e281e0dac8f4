/**
 * The heuristic judge's pinned corpus (tests/unit/judge/heuristic-pinned.test.ts): every labelled turn the
 * repository ships, each followed by two seeded perturbations (truncated, concatenated, cut from the answer or the
 * question, special tokens, repetition loops, acknowledgements, case, other contexts, other languages). Built from
 * the repository alone and deterministic, so the pins need no large fixture. Items keep their set's order: one
 * question is judged many times in a row against several answers, as in a run, which exercises the judge's caches.
 */
import { join } from 'node:path';
import type { JudgeInput } from '../../runners/core/judge.ts';
import { loadLabelledSet } from '../../runners/judge/labelled/load.ts';
import { mulberry32 } from '../../src/lib/metrics/prng.ts';

const TESTS = join(import.meta.dirname, '..');
// The blind sets of 2026-11-26 (judge-sets/blind-2026-11-26, -26b, longturns-2026-11-26) are left out on purpose: a pin diff prints items
// and their labels, and whoever changes the rules next must not see a blind set before scoring it once (docs/judges.md).
const SETS = ['calibration', 'calibration-dev-v6', 'judge-sets/blind-2026-11-23', 'judge-sets/blind-2026-11-23b'];
const SPECIAL = ['<|im_end|>', '<|im_start|>assistant\n', '<think>', '</think>', '<|eot_id|>', '[INST]', '<end_of_turn>', '\nAssistant: ', '\nUser: ', '</s>', '<|channel|>analysis<|message|>'];
const ML = ['谢谢你的帮助！', 'ありがとうございます。でも、なぜですか？', '¿Y si fueran 5 personas?', 'Merci beaucoup pour ton aide !', 'Danke, aber warum ist das so?', '그럼 겨울에는 어떻게 해요?', 'E se eu usar açúcar mascavo?', '你刚才说的第二步是什么意思？', 'Und ohne Zucker?'];
const ODD = ['', ' ', '\n\n', '<|im_end|>', '<think></think>', '....!!!!', '1111111111111', 'hahahahahahahahaha', '🙏🙏🙏', 'ok ok ok ok ok ok ok ok', '0.33333333333333333333333', 'User: hi\nAssistant: hello\nUser: hi\nAssistant: x'];

export function judgePinCorpus(): JudgeInput[] {
  const items = SETS.flatMap((s) => loadLabelledSet(join(TESTS, s)));
  const rand = mulberry32(20261126);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const slice = (s: string) => {
    const i = int(s.length);
    return s.slice(i, i + 1 + int(Math.min(300, s.length - i)));
  };
  const out: JudgeInput[] = [];
  for (const it of items) {
    const q = it.question;
    const a = it.response;
    const u = it.user_turn;
    out.push({ id: it.id, question: q, response: a, user_turn: u });
    for (let k = 0; k < 2; k++) {
      const o = pick(items);
      const variants: Array<() => [string, string, string]> = [
        () => [q, a, u.slice(0, int(u.length + 1))],
        () => [q, a, `${u}${pick([' ', '\n', ''])}${o.user_turn}`],
        () => [q, a, slice(a)],
        () => [q, a, slice(q)],
        () => [q, a, int(2) ? `${q} ${u}` : `${u} ${slice(q)}`],
        () => {
          const i = int(u.length + 1);
          return [q, a, u.slice(0, i) + pick(SPECIAL) + u.slice(i)];
        },
        () => [q, a, Array(2 + int(20)).fill(int(2) ? u : slice(u)).join(pick([' ', '\n', '. ']))],
        () => [q, a, `${pick(['Thanks! ', 'Great, that helps. ', 'Ok, got it. ', 'Thank you! '])}${u}`],
        () => [q, a, int(2) ? u.toUpperCase() : u.toLowerCase()],
        () => [q, a, int(2) ? pick(ML) : `${pick(ML)} ${u}`],
        () => [o.question, o.response, u],
        () => [q, a.slice(0, int(a.length + 1)), u],
        () => [int(3) ? q : '', int(3) ? a : '', pick(ODD)],
        () => [q, a, a.slice(0, 1 + int(a.length))],
        () => [q, a, int(2) ? q : `So my question is: ${q}`],
      ];
      const [question, response, user_turn] = pick(variants)();
      out.push({ id: `${it.id}~${k}`, question, response, user_turn });
    }
  }
  return out;
}
