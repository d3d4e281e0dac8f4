import { contentSet, numbers, sentences } from './text.ts';

/**
 * Measured signals of how a user turn relates to the question q and the answer a. Rules read these; the
 * verdict rationale quotes them so every label can be checked by hand.
 */
export interface Signals {
  /** Content tokens of the user turn. */
  u: Set<string>;
  q: Set<string>;
  a: Set<string>;
  /** |u ∩ q| */
  inQ: number;
  /** |u ∩ (a \ q)|: words the user can only have taken from the answer. */
  aOnly: number;
  /** |u \ (q ∪ a)| / |u| */
  novelRatio: number;
  /** Numbers in u that appear in a but not in q (results the answer produced). */
  answerNumbers: string[];
  /** Numbers in u that appear in neither q nor a. */
  novelNumbers: string[];
  sentenceCount: number;
  /** An explicit reference to the assistant's answer ("your answer", "you said", "above", "step 2", "are you sure"). */
  strongRef: string | null;
  /** An anaphoric or conversational hook ("what about…", "why?", "explain it", "does this…", "instead"). */
  weakRef: string | null;
}

const STRONG_REF: RegExp[] = [
  /\byour (?:(?:previous|last|earlier|above|first|second|third|final|own|initial|original|latest) )?(?:answers?|responses?|reply|solutions?|explanations?|examples?|lists?|code|program|function|script|poem|story|essay|email|outline|plan|methods?|approach|calculations?|math|results?|steps?|suggestions?|recommendations?|translations?|summary|version|proof|draft|letter|post|json|table|points?|arguments?|reasoning|logic|estimates?|assumptions?|thought process|work|numbers?|figures?|formula|equation|output|advice|tips?|ideas?|options?|sentences?|paragraphs?|description|definition|claims?)\b/i,
  /\byou (?:just )?(?:said|say|mentioned|wrote|used|got|gave|claimed|suggested|assumed|listed|described|explained|calculated|computed|multiplied|divided|added|subtracted|forgot|missed|made|did|included|left out|skipped|recommended|called|put|chose|picked|meant|mean|wrote|showed|counted|treated|ignored|started|ended|converted|rounded|changed|provided|proposed|defined|stated|wrote down|applied|solved)\b/i,
  /\b(?:the|that|this|your) (?:above|previous|last|earlier|prior)\b|\babove\b|\bprevious(?:ly)?\b|\bearlier\b|\bso far\b/i,
  /\b(?:in|from|of|at|for) (?:the )?(?:step|part|point|line|paragraph|section|option|example|item|bullet|stanza|verse|tip|case) (?:\d+|one|two|three|four|five|[a-e]\b)/i,
  /\bthe (?:first|second|third|fourth|fifth|last|final|middle|next|2nd|3rd|1st) (?:step|part|point|example|option|one|line|paragraph|sentence|item|bullet|tip|idea|method|approach|stanza|suggestion|case|answer|film|book|impact|principle)\b/i,
  /\bare you sure\b|\b(?:that's|that is|this is|it's) (?:wrong|not right|incorrect|not correct)\b|\bis (?:that|this|it) (?:right|correct|true|accurate)\b|\b(?:doesn'?t|does not) (?:seem|look|sound) right\b/i,
  /\bi (?:tried|ran|used|followed|tested|applied|checked) (?:it|this|that|your|the (?:code|steps|recipe|formula|method|advice|script))\b|\b(?:it|this|that) (?:didn'?t|doesn'?t|did not|does not) (?:work|compile|run)\b|\bi (?:got|get) (?:an error|a different)\b/i,
  /\b(?:the same (?:task|thing|question|way|format|again)|do (?:it|that|the same) again|(?:one )?more time)\b/i,
  /\b(?:rewrite|rephrase|revise|reword|rework|redo|modify|amend|update|alter|shorten|expand|summari[sz]e|simplify|translate|continue|reformat|reformulate|edit) (?:it|this|that|them|these|those|the (?:answer|response|story|poem|email|code|list|text|plan|program|function))\b/i,
];

const WEAK_REF: RegExp[] = [
  /^\s*(?:and|but|so|also|then|wait|hmm+|hold on|ok(?:ay)? so|what about|how about|what if|why|how come|really|huh|hm|now)\b/i,
  /\b(?:what|how) about\b|\bwhat if\b|\binstead\b|\bagain\b|\bas well\b|\bthe same\b/i,
  /\b(?:explain|rewrite|rephrase|repeat|summari[sz]e|simplify|shorten|expand|translate|check|verify|prove|change|modify|make|do|fix|use|apply|try|show|clarify|elaborate on|continue|redo|revise|compare|justify|parallelize|optimi[sz]e|improve|test|extend|turn|convert|format|put|apply|reverse|derive) (?:it|this|that|these|those|them)\b/i,
  /\b(?:is|was|does|did|would|will|can|could|should|isn't|doesn't|wouldn't) (?:it|this|that|these|those|they)\b/i,
  /\b(?:why|how) (?:is|does|did|do|was|would) (?:it|this|that|the)\b/i,
  /\bwhy\b[^.?!]*\?/i,
  /\b(?:more|less) (?:detail|details|examples?|concise|formal|casual|simply|simple|specific)\b|\b(?:shorter|longer|simpler)\b|\bin (?:more )?detail\b|\blike i'?m (?:five|5|a (?:child|kid|beginner))\b/i,
  /\b(?:then|so) (?:what|how|why|is|does|would|should)\b/i,
];

function firstMatch(res: RegExp[], text: string): string | null {
  for (const re of res) {
    const m = re.exec(text);
    if (m) return m[0].trim();
  }
  return null;
}

export function computeSignals(userTurn: string, question: string, response: string): Signals {
  const u = contentSet(userTurn);
  const q = contentSet(question);
  const a = contentSet(response);
  let inQ = 0;
  let aOnly = 0;
  let novel = 0;
  for (const t of u) {
    if (q.has(t)) inQ++;
    else if (a.has(t)) aOnly++;
    else novel++;
  }
  const qNums = new Set(numbers(question));
  const aNums = new Set(numbers(response));
  const uNums = [...new Set(numbers(userTurn))];
  return {
    u,
    q,
    a,
    inQ,
    aOnly,
    novelRatio: u.size === 0 ? 0 : novel / u.size,
    answerNumbers: uNums.filter((n) => aNums.has(n) && !qNums.has(n)),
    novelNumbers: uNums.filter((n) => !aNums.has(n) && !qNums.has(n)),
    sentenceCount: sentences(userTurn).length,
    strongRef: firstMatch(STRONG_REF, userTurn),
    weakRef: firstMatch(WEAK_REF, userTurn),
  };
}
