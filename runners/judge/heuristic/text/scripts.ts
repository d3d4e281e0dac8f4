/** Which writing systems a text uses (heuristic-v10): a turn in a script the exchange never uses shares no words with it. */
import { memoOfText } from './memo.ts';
import { NON_ASCII } from './normalize.ts';

const SCRIPTS = {
  cyrillic: /\p{Script=Cyrillic}/gu,
  greek: /\p{Script=Greek}/gu,
  arabic: /\p{Script=Arabic}/gu,
  hebrew: /\p{Script=Hebrew}/gu,
  devanagari: /\p{Script=Devanagari}/gu,
  thai: /\p{Script=Thai}/gu,
  cjk: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu,
  hangul: /\p{Script=Hangul}/gu,
} as const;
type Script = keyof typeof SCRIPTS;
const NAMES = Object.keys(SCRIPTS) as Script[];

/** Letters of each non-Latin script in `text` (none for ASCII text). */
function scriptCounts(text: string): Map<Script, number> {
  const counts = new Map<Script, number>();
  if (!NON_ASCII.test(text)) return counts;
  for (const name of NAMES) {
    const n = text.match(SCRIPTS[name])?.length ?? 0;
    if (n > 0) counts.set(name, n);
  }
  return counts;
}

/** The exchange's texts are judged many times in a row: their scripts are worked out once. */
const contextScripts = memoOfText((text: string) => new Set(scriptCounts(text).keys()));

/**
 * Whether most letters of `turn` are in one non-Latin script that neither the question nor the answer uses at all
 * (a Russian turn after an English exchange). Latin against Latin is never "another script".
 */
export function inAnotherScript(turn: string, question: string, response: string): boolean {
  const counts = scriptCounts(turn);
  if (counts.size === 0) return false;
  const letters = turn.match(/\p{L}/gu)?.length ?? 0;
  const [top, n] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
  if (n < 0.6 * letters) return false;
  return !contextScripts(question).has(top) && !contextScripts(response).has(top);
}
