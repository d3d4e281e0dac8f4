/**
 * WEAK_REF_ML's global scan (firstCue) in time linear in the text. Four of its alternatives scan from an opening to an
 * end that may be missing (`如果.*(?:会|呢)`: to the end of the line, then back), so a line of "如果…" with no 会 or 呢
 * rescanned the line at every 如果 (5 s at 128k characters). The pattern is split at its top-level alternatives; the
 * plain ones are matched by regexes, the four by one backward pass each that gives every opening its end. At each
 * position the first part that matches there wins, as in the alternation, so the matches are the regex's own.
 */
import { WEAK_REF_ML } from './cues.ts';

export interface CueMatch {
  index: number;
  end: number;
}

/** Where a part's next match at or after `from` starts and ends (null: none), asked with `from` never decreasing. */
type NextMatch = (from: number) => CueMatch | null;

/** The line terminators that `.` does not match. */
const isLineEnd = (c: number) => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
const isQuestionMark = (c: number) => c === 0x3f || c === 0xff1f; // ? ？

/** Each opening's match, in order of position, read with `from` never decreasing. */
function fromList(starts: number[], ends: number[]): NextMatch {
  let k = 0;
  return (from) => {
    while (k < starts.length && (starts[k] as number) < from) k++;
    return k < starts.length ? { index: starts[k] as number, end: ends[k] as number } : null;
  };
}

/**
 * `OPEN.*(?:A|B)`: an opening matches to just past the last end of its line (the greedy `.*` backs off from the line's
 * end). `endAt(text, i)` is the length of an end that starts at i, or 0.
 */
function toLastInLine(open: string, endAt: (text: string, i: number) => number): (text: string) => NextMatch {
  return (text) => {
    const starts: number[] = [];
    const ends: number[] = [];
    if (text.includes(open)) {
      // The last end of the line to the right of i (its start and where it ends), -1 when there is none.
      let lastAt = -1;
      let lastEnd = -1;
      for (let i = text.length - 1; i >= 0; i--) {
        if (isLineEnd(text.charCodeAt(i))) lastAt = -1;
        else if (lastAt === -1 && endAt(text, i) > 0) [lastAt, lastEnd] = [i, i + endAt(text, i)];
        if (lastAt >= i + open.length && text.startsWith(open, i)) {
          starts.push(i);
          ends.push(lastEnd);
        }
      }
    }
    return fromList(starts.reverse(), ends.reverse());
  };
}

/** `(?:OPEN1|OPEN2|…)[^?？]*[?？]`: the first opening that stands at a position matches to just past the next "?" or "？". */
function toNextQuestionMark(opens: readonly string[]): (text: string) => NextMatch {
  return (text) => {
    const starts: number[] = [];
    const ends: number[] = [];
    if (opens.some((o) => text.includes(o))) {
      let next = -1; // the first question mark at or after i, -1 when none
      for (let i = text.length - 1; i >= 0; i--) {
        if (isQuestionMark(text.charCodeAt(i))) next = i;
        if (next === -1) continue;
        const open = opens.find((o) => text.startsWith(o, i));
        // The openings hold no question mark, so the first one at or after i is the first one after the opening.
        if (open !== undefined) {
          starts.push(i);
          ends.push(next + 1);
        }
      }
    }
    return fromList(starts.reverse(), ends.reverse());
  };
}

/** A plain part: its global regex from `from`. */
function byRegex({ source }: Part): (text: string) => NextMatch {
  const re = new RegExp(source, `${WEAK_REF_ML.flags}g`);
  return (text) => (from) => {
    re.lastIndex = from;
    const m = re.exec(text);
    return m === null ? null : { index: m.index, end: m.index + m[0].length };
  };
}

/** One or more of WEAK_REF_ML's top-level alternatives; `opens`: what every match of a hand-scanned part starts with. */
interface Part {
  source: string;
  scan: (part: Part) => (text: string) => NextMatch;
  opens?: readonly string[];
}

/** WEAK_REF_ML's top-level alternatives, in its order, grouped where no alternative scans for an end. */
const PARTS: Part[] = [
  { source: '^(?:(?:那|那么|但是|可是|为什么|如果|还有)|(?:じゃあ|では|でも|なぜ|どうして|もし))|为什么|为何', scan: byRegex },
  { source: '如果.*(?:会|呢)', opens: ['如果'], scan: (p) => toLastInLine(p.opens![0]!, (t, i) => (t[i] === '会' || t[i] === '呢' ? 1 : 0)) },
  { source: '呢[？?]|なぜ|どうして', scan: byRegex },
  { source: 'もし.*(?:たら|ば)', opens: ['もし'], scan: (p) => toLastInLine(p.opens![0]!, (t, i) => (t[i] === 'ば' ? 1 : t.startsWith('たら', i) ? 2 : 0)) },
  {
    source:
      "¿por qué|\\by si\\b|¿y (?:si|qué|cómo)|pourquoi|\\bet si\\b|\\bwarum\\b|\\bwieso\\b|\\bwas wäre,? wenn\\b|\\bund wenn\\b|\\bpor que\\b|^e (?:se|quanto|como|o que)\\b|\\be se\\b|^(?:그럼|그러면|그런데|근데)|왜|만약|(?:もう少し|もっと)詳しく|(?:更|再)详细|详细(?:一点|一些|说说|解释)|(?:좀|조금|더) 자세히|\\bm[aá]s detalles?\\b|\\bplus de détails\\b|\\b(?:genauer|mehr details)\\b|\\bmais detalhes\\b|^¿?(?:funciona|sirve|vale|cambia|afecta|incluye|serve|muda|inclui|dá (?:pra|para))\\b|^(?:est-ce que )?ça (?:marche|fonctionne|change|vaut|inclut)\\b|^(?:funktioniert|geht|klappt|gilt) (?:das|es)\\b|^(?:这个|那个|它)|^(?:それ|これ)(?:は|って|も)|^(?:이것|그것|이거|그거)|대신",
    scan: byRegex,
  },
  { source: '(?:으면|면) [^?？]*[?？]', opens: ['으면 ', '면 '], scan: (p) => toNextQuestionMark(p.opens!) },
  { source: '(?:だったら|としたら|だとしたら|の場合(?:は|だと))', scan: byRegex },
  { source: '(?:すると|入れると|にすると|にしたら|したら|だと)[^？?]*[？?]', opens: ['すると', '入れると', 'にすると', 'にしたら', 'したら', 'だと'], scan: (p) => toNextQuestionMark(p.opens!) },
  { source: '(?:라면|이라면|경우에는)', scan: byRegex },
];

// The parts are WEAK_REF_ML spelled out: an edit to the pattern that is not made here too stops the judge loading.
if (PARTS.map((p) => p.source).join('|') !== WEAK_REF_ML.source) {
  throw new Error('runners/judge/heuristic/signals/weak-ref-ml-scan.ts: PARTS no longer spell WEAK_REF_ML (signals/cues.ts); edit both together');
}
const SCANS = PARTS.map((p) => p.scan(p));

/** The parts matched by a regex: WEAK_REF_ML matches somewhere when one of them does, or when a scanning part does. */
export const WEAK_REF_ML_PLAIN: readonly RegExp[] = PARTS.filter((p) => p.opens === undefined).map((p) => new RegExp(p.source, WEAK_REF_ML.flags));
const SCAN_OPENINGS = PARTS.flatMap((p) => p.opens ?? []);

/** Whether a hand-scanned part's opening stands in `text`: without one, only the parts in WEAK_REF_ML_PLAIN can match. */
export const mayScanMatch = (text: string): boolean => SCAN_OPENINGS.some((o) => text.includes(o));

/** WEAK_REF_ML's matches in `text`, in order, as its global form (with the g flag) finds them with exec. */
export function* weakRefMlMatches(text: string): Generator<CueMatch> {
  const parts = SCANS.map((scan) => scan(text));
  // Each part's next match at or after `from` (null: it has none), kept until `from` passes its start.
  const next: Array<CueMatch | null | undefined> = parts.map(() => undefined);
  let from = 0;
  while (from <= text.length) {
    let best: CueMatch | null = null;
    for (let k = 0; k < parts.length; k++) {
      let m = next[k];
      if (m === undefined || (m !== null && m.index < from)) next[k] = m = (parts[k] as NextMatch)(from);
      // The earliest start wins; at the same start the earlier alternative does, as in the alternation.
      if (m !== null && (best === null || m.index < best.index)) best = m;
    }
    if (best === null) return;
    yield best;
    from = best.end > best.index ? best.end : best.end + 1;
  }
}
