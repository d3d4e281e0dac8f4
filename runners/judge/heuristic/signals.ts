import { STRONG_REF_ML, WEAK_REF_ML } from './rules/multilingual.ts';
import { contentSet, isGeneric, isInstructionWord, markedWords, normalize, numbers, properNouns, sentences, stem, withoutBoilerplate, withoutQuestionCopies } from './text.ts';

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
  /**
   * The hook sits in the first sentence, so it points back at the conversation rather than inside the turn. A bare
   * hook ("Why…", "Do you think…") counts only when the turn shares topic words with the exchange or is very short:
   * "Why did the man travel to Helsinki?" after an answer about cooking is a new question.
   */
  weakRefLeading: boolean;
  /** A bare conversational opener ("And", "So", "Also", "Now"): counts only together with shared content. */
  opener: string | null;
  /** "what if / what about / instead": a variation of the problem, not a restatement or a fresh problem. */
  hypothetical: boolean;
  /** An explicit announcement of a new, different question ("Next question:", "Here's a new one:", "Unrelated, but"). */
  newMarker: string | null;
  /** Shared content words that are not generic (task verbs, small numbers, filler nouns are left out). */
  topicInQ: number;
  topicAOnly: number;
  /** Names/places capitalised mid-sentence in u that also occur in q or a. */
  sharedProper: string[];
  /** q sets up a standing role or game for the rest of the conversation ("Act as…", "in all the following…"). */
  standingRole: boolean;
  /** "the story", "these steps": a definite reference to a (non-generic) word of q or a, in the turn's own words. */
  definiteRef: string | null;
  /** The turn opens like a task of its own ("Write…", "Can you create…", "A train leaves…" is not one). */
  taskOpener: string | null;
  /**
   * heuristic-v6: a word the answer marked (a name, an emphasised or listed term; see markedWords) and the question
   * does not contain (not generic, 4+ letters or a 2+ character CJK/Hangul word) in the first sentence of a short turn (8 content words or fewer): the turn asks about something the answer brought up ("Is the
   * zamioculca toxic for cats?", "Anki는 무료인가요?").
   */
  answerWordLead: string | null;
  /** The turn's own words: question copies and task boilerplate blanked (where reference cues are looked for). */
  ownWords: string;
  /** The explicit reference stands in the first sentence. */
  strongRefLeading: boolean;
  /** The first sentence is a complete question or task of its own (6+ words, a question or a task opener). */
  firstStandsAlone: boolean;
  /** Names capitalised mid-sentence that neither q nor a contains: a new topic. */
  newProper: string[];
  /** heuristic-v6: names in q (capitalised mid-sentence), and whether the turn keeps any of them. */
  questionNames: string[];
  keepsQuestionName: boolean;
  /** Content tokens of the turn that are not constraint vocabulary. */
  counted: number;
  /** A comparison with something already given ("better", "similar", "another way") or a question about "this"/"it": it points back at the answer. */
  anaphor: string | null;
}

const STRONG_REF: RegExp[] = [
  /\byour (?:(?:previous|last|earlier|above|first|second|third|final|own|initial|original|latest) )?(?:answers?|responses?|reply|solutions?|explanations?|examples?|lists?|code|program|function|script|poem|story|essay|email|outline|plan|methods?|approach|calculations?|math|results?|steps?|suggestions?|recommendations?|translations?|summary|version|proof|draft|letter|post|json|table|points?|arguments?|reasoning|logic|estimates?|assumptions?|thought process|work|numbers?|figures?|formula|equation|output|advice|tips?|ideas?|options?|sentences?|paragraphs?|description|definition|claims?)\b/i,
  /(?<!\b(?:would|will|could|should|can|might|to|must|shall)\s)\byou (?:just )?(?:said|say|mentioned|wrote|used|got|gave|claimed|suggested|assumed|listed|described|explained|calculated|computed|multiplied|divided|added|subtracted|forgot|missed|made|did|included|left out|skipped|recommended|called|put|chose|picked|meant|mean|wrote|showed|counted|treated|ignored|started|ended|converted|rounded|changed|provided|proposed|defined|stated|wrote down|applied|solved)\b/i,
  /\b(?:the|that|this|your) (?:above|previous|earlier|prior)\b|\b(?:that|your) last\b|\babove\b|\bprevious(?:ly)?\b|\bearlier\b|\bso far\b/i,
  /\b(?:in|from|of|at|for) (?:the )?(?:step|part|point|line|paragraph|section|option|example|item|bullet|stanza|verse|tip|case) (?:\d+|one|two|three|four|five|[a-e]\b)/i,
  /\bthe (?:first|second|third|fourth|fifth|last|final|middle|next|2nd|3rd|1st) (?:step|part|point|example|option|one|line|paragraph|sentence|item|bullet|tip|idea|method|approach|stanza|suggestion|case|answer|film|book|impact|principle)\b/i,
  /\b(?:did|didn'?t) you (?!know\b|ever\b|hear\b|see\b)[a-z]+|\bare you sure\b|\b(?:that's|that is|this is|it's) (?:wrong|not right|incorrect|not correct)\b|\bis (?:that|this|it) (?:right|correct|true|accurate)\b|\b(?:doesn'?t|does not) (?:seem|look|sound) right\b/i,
  /\bi (?:tried|ran|used|followed|tested|applied|checked) (?:it|this|that|your|the (?:code|steps|recipe|formula|method|advice|script))\b|\b(?:it|this|that) (?:didn'?t|doesn'?t|did not|does not) (?:work|compile|run)\b|\bi (?:got|get) (?:an error|a different)\b/i,
  /\b(?:the same (?:task|thing|question|way|format|again)|do (?:it|that|the same) again|(?:one )?more time)\b/i,
  /\b(?:rewrite|rephrase|revise|reword|rework|redo|modify|amend|update|alter|shorten|expand|summari[sz]e|simplify|translate|continue|reformat|reformulate|edit) (?:it|this|that|them|these|those|the (?:answer|response|story|poem|email|code|list|text|plan|program|function))\b/i,
];

const OPENER = /^\s*(?:and|but|so|also|then|now|ok(?:ay)?,? (?:so|now|and))\b/i;

const NEW_MARKER =
  /\b(?:(?:another|next|new|different|unrelated|separate|other) (?:question|problem|one|task|topic|thing|request)\s*[:\-–—]|(?:next|new|different|unrelated|separate|other) question\b|changing the subject|on (?:a|another) (?:different|unrelated|separate) note|unrelated,? but|by the way)/i;

const HYPOTHETICAL = /\b(?:what|how) about\b|\bwhat if\b|\bwhat would (?:happen|change|be different)\b|\binstead\b|^\s*(?:and|but) (?:if|what|how)\b|\bsuppose\b|\bif we (?:change|assume)\b/i;

const STANDING_ROLE =
  /\b(?:act as|pretend (?:to be|you(?:'re| are)|yourself)|play the (?:role|part)|assume the role|embrace the role|embody|role-?play|you are now|from now on|for the rest of (?:this|our) conversation|throughout (?:this|our) conversation|in all the following|regardless of (?:the|what)|i will (?:provide|give|send|ask)|your (?:job|task|role) (?:is|will be))\b/i;

const WEAK_REF: RegExp[] = [
  /^\s*(?:but|wait|hmm+|hold on|what about|how about|what if|why|how come|really|huh|hm)\b/i,
  /\b(?:what|how) about\b|\bwhat if\b|\bwhat would (?:happen|change|be different)\b|\binstead\b|\bagain\b|\bas well\b|\bthe same\b/i,
  /\b(?:explain|write|rewrite|rephrase|repeat|summari[sz]e|simplify|shorten|expand|translate|check|verify|prove|change|modify|make|do|fix|use|apply|try|show|clarify|elaborate on|continue|redo|revise|compare|justify|parallelize|optimi[sz]e|improve|test|extend|turn|convert|format|put|apply|reverse|derive|replace|remove|add|move|swap|sort|reorder|split|combine|merge|run|keep|cut|trim|adapt|adjust|scale|double|halve|read|teach|learn|get|find|pick|choose|order|book|visit|skip) (?:it|this|that|these|those|them|one)\b/i,
  /^\s*(?:can|could|would) you (?:also |please )?(?:add|remove|include|drop|rename|insert|list|mark|highlight|bold|number|label|sort|group) (?:a|an|the|another|one more|some|more|each|all)\b/i,
  /\bwhat do you think\b|\bhow do you (?:like|feel)\b|\bwould you like to\b|\bdo you (?:like|enjoy|agree|prefer|think|recommend)\b|\byour (?:opinion|view|favou?rite|thoughts)\b/i,
  /\b(?:is|was|does|did|would|will|can|could|should|isn't|doesn't|wouldn't) (?:it(?!\s+(?:(?:really|even|ever|more|less|a|an)\s+)?(?:true|possible|plausible|easier|harder|better|worse|necessary|important|likely|unlikely|okay|ok|fair|accurate|correct|safe|normal|common|legal|wise|worth|reasonable|realistic|feasible|hard|easy|difficult|ethical|bad|good|wrong|right)\s+(?:that|to|for|if|whether)\b)|this|that|these|those|they)\b/i,
  /\b(?:why|how) (?:is|does|did|do|was|would) (?:it|this|that|the)\b/i,
  /\bwhy\b[^.?!]*\?/i,
  /\b(?:more|less) (?:detail|details|examples?|concise|formal|casual|simply|simple|specific)\b|\b(?:shorter|longer|simpler)\b|\bin (?:more )?detail\b|\blike i'?m (?:five|5|a (?:child|kid|beginner))\b/i,
  /\b(?:then|so) (?:what|how|why|is|does|would|should)\b/i,
];

/** A pronoun that can point back at the answer; a hook without one, or without shared topic, does not anchor. */
const PRONOUN = /\b(?:it|this|that|these|those|them)\s*\?|^(?:\S+\s+){0,3}?(?:it(?!(?:'s|\s+is|\s+was)?\s+(?:(?:really|even|ever|more|less|a|an)\s+)?(?:true|possible|plausible|easier|harder|better|worse|necessary|important|likely|unlikely|okay|ok|fair|accurate|correct|safe|normal|common|legal|wise|worth|reasonable|realistic|feasible|hard|easy|difficult|ethical|bad|good|wrong|right)\s+(?:that|to|for|if|whether)\b)|this|that|these|those|them|they|its|their)\b/i;

/**
 * The first cue found in `text` that the question does not already contain: a phrase the question itself uses
 * ("explain your answer", "what if") cannot be a reaction to the answer.
 */
function firstMatch(res: RegExp[], text: string, question = ''): string | null {
  const q = normalize(question).replace(/\s+/g, ' ');
  for (const re of res) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(g)) {
      const cue = m[0].trim();
      if (cue === '' || (q !== '' && q.includes(normalize(cue).replace(/\s+/g, ' ')))) continue;
      // "Rewrite this: …", "translate the text below": the cue points forward at material the turn brings itself.
      const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 30);
      if (/^[^.?!\n:]{0,25}(?::|\n)|^\s*["“'`]|^\s*(?:the\s+)?(?:text|passage|paragraph|sentence|article|code|story)?\s*(?:below|following)\b/i.test(after)) continue;
      // Inside a constraint on the form of the reply ("Each sentence must contain 3 more words than the previous
      // one", "end with the same word"), "previous" and "same" point inside the reply to come.
      if (!/^(?:your|you)\b/i.test(cue) && FORM_CONSTRAINT.test(sentenceAround(text, m.index ?? 0))) continue;
      return cue;
    }
  }
  return null;
}

/** A comparison with something already given: the answer. */
const COMPARATIVE =
  /\b(?:better|faster|simpler|cheaper|more efficient|more concise|similar|alternative|another (?:way|version|approach|example|option)|a different (?:way|version|approach|example|one)|the other (?:way|one|option)|more details?|in (?:more|greater) detail|elaborate on|expand on|the (?:listed|mentioned|aforementioned|described|suggested|proposed|recommended|given) \w+)\b/i;

/** Capitalised words that are function words or task words, never names. */
const STOPWORDS_ANY = /^(?:the|this|that|these|those|your|my|our|their|his|her|its|and|but|for|with|from|into|what|which|who|how|why|when|where|please|include|use|write|make|answer|response|note|step|part|section|paragraph|title|user|assistant|i|you)$/i;

/** A sentence that constrains the form of the reply to come (IFEval/IFBench style). */
const FORM_CONSTRAINT =
  /\b(?:each|every)\s+(?:\w+\s+)?(?:sentences?|paragraphs?|words?|lines?|sections?|bullet points?)\b|\bthan the previous (?:one|sentence|paragraph|word|line)\b|\b(?:each|every|all|the (?:first|last|final))\s+(?:\w+\s+)?(?:sentences?|paragraphs?|words?|lines?|letters?|bullets?|sections?|responses?)\b[^.?!]*\b(?:must|should|has to|have to|needs? to)\b|\b(?:your|the) (?:response|answer|reply|output)s? (?:must|should)\b|\binclude exactly\b|\brespond with\b|\b(?:must|should) (?:contain|have|include|end|start|begin) (?:exactly|at least|at most|no more than|the same)\b/i;

/** The sentence of `text` that contains position `at`. */
function sentenceAround(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf('.', at - 1), text.lastIndexOf('?', at - 1), text.lastIndexOf('!', at - 1), text.lastIndexOf('\n', at - 1)) + 1;
  const ends = ['.', '?', '!', '\n'].map((c) => text.indexOf(c, at)).filter((i) => i >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) + 1 : text.length);
}

/**
 * A comparison with what was given, or a question about "this"/"it", in the first sentence. Not when it compares
 * things the turn names itself ("Is Federer better than Nadal?"), not when it points forward ("elaborate on the
 * following"), and in a long turn only at its very start ("With the listed principles, write…").
 */
function anaphorOf(ownWords: string, counted: number, namesNew: boolean): string | null {
  const first = sentences(ownWords)[0] ?? '';
  if (namesNew || /\bthan\b/i.test(first)) return null; // comparing things the turn names itself
  const m = firstMatch([COMPARATIVE], first) ?? /\b(?:of|about|with|for|to|on|in) (?:it|this|that|these|those|them)\s*\?/i.exec(first)?.[0] ?? null;
  if (m === null) return null;
  if (counted >= 20 && first.indexOf(m) > 30) return null;
  return m;
}

function standsAlone(first: string): boolean {
  const n = first.split(/\s+/).filter(Boolean).length;
  return n >= 6 && (/\?\s*$/.test(first) || TASK_OPENER.test(first));
}

const DEFINITE = /\b(?:the|this|that|these|those|its|their|such)\s+([\p{L}][\p{L}'-]+)/giu;

/** Imperative or request openers of a self-contained task. */
const TASK_OPENER =
  /^\s*(?:(?:please|kindly)\s+)?(?:(?:can|could|would|will) you (?:please )?)?(?:write|compose|create|generate|draft|make|produce|design|develop|plan|list|name|give|provide|describe|explain|summari[sz]e|tell|translate|rewrite|imagine|pretend|act|suggest|recommend|help|find|calculate|compute|solve|evaluate|identify|analy[sz]e|compare|discuss|outline|propose|prepare|build|implement|construct|brainstorm|critique|review|edit|convert|classify|estimate|predict|share|argue|elaborate|answer|respond|reply)\b|^\s*(?:what|who|which|where|when|how|why|is|are|do|does|can|should|i (?:want|need|am|'m|have|would like)|i'd like|let's)\b/i;

export function computeSignals(userTurn: string, question: string, response: string): Signals {
  const u = contentSet(userTurn);
  const q = contentSet(question);
  const a = contentSet(response);
  let inQ = 0;
  let aOnly = 0;
  let novel = 0;
  let topicInQ = 0;
  let topicAOnly = 0;
  let counted = 0;
  // Inflection across languages the light stemmer does not know ("quietscht"/"quietschen", "recomienda"/
  // "recomiendas"): two words of five or more letters meet when they share a prefix of at least five letters and
  // three quarters of the longer one ("internet"/"international" and "light"/"Lightroom" do not), or when a word of
  // seven or more letters starts the other (German compounds: "Eröffnung"/"Eröffnungstag").
  const byPrefix = (set: Set<string>) => {
    const m = new Map<string, string[]>();
    for (const t of set) if (t.length >= 5 && !/^\d/.test(t)) m.set(t.slice(0, 4), [...(m.get(t.slice(0, 4)) ?? []), t]);
    return m;
  };
  const qPre = byPrefix(q);
  const aPre = byPrefix(a);
  const inSet = (t: string, set: Set<string>, pre: Map<string, string[]>) => {
    if (set.has(t)) return true;
    if (t.length < 5 || /^\d/.test(t)) return false;
    return (pre.get(t.slice(0, 4)) ?? []).some((w) => {
      let k = 0;
      while (k < t.length && k < w.length && t[k] === w[k]) k++;
      return k >= 5 && (k >= 0.75 * Math.max(t.length, w.length) || (k === Math.min(t.length, w.length) && k >= 7));
    });
  };
  for (const t of u) {
    const generic = isGeneric(t);
    // Constraint vocabulary ("words", "paragraphs", "highlight") is shared by any two instruction prompts: it
    // counts for restatement (inQ) but neither as new nor as topic.
    const instruction = isInstructionWord(t);
    if (!instruction) counted++;
    if (inSet(t, q, qPre)) {
      inQ++;
      if (!generic) topicInQ++;
    } else if (inSet(t, a, aPre)) {
      aOnly++;
      if (!generic) topicAOnly++;
    } else if (!instruction) novel++;
  }
  const qaLower = `${question}\n${response}`.toLowerCase();
  // Names count by whole (stemmed) word, and only when they are not generic ("Include", "Answer" in a template).
  const nameKey = (w: string) => stem(w.replace(/'s$/, ''));
  const uProper = [...properNouns(userTurn)].filter((w) => w.length >= 3 && !isGeneric(nameKey(w)) && !STOPWORDS_ANY.test(w));
  const sharedProper = uProper.filter((w) => q.has(nameKey(w)) || a.has(nameKey(w)));
  const newProper = uProper.filter((w) => !q.has(nameKey(w)) && !a.has(nameKey(w)));
  void qaLower;
  const qNums = new Set(numbers(question));
  const aNums = new Set(numbers(response));
  const uNums = [...new Set(numbers(userTurn))];
  // Reference cues count only in the turn's own words, not in text it copied from the question.
  // Task boilerplate ("your response should…") is an instruction about the reply to come, never a reference.
  const ownWords = withoutBoilerplate(withoutQuestionCopies(userTurn, question));
  let definiteRef: string | null = null;
  for (const m of (sentences(ownWords)[0] ?? '').matchAll(DEFINITE)) {
    const t = stem(normalize(m[1] as string).replace(/'s$/, ''));
    if (!isGeneric(t) && (q.has(t) || a.has(t))) {
      definiteRef = m[0];
      break;
    }
  }
  let answerWordLead: string | null = null;
  if (counted <= 8) {
    const marked = markedWords(response);
    for (const t of contentSet(sentences(ownWords)[0] ?? '')) {
      if (marked.has(t) && !q.has(t) && !isGeneric(t) && !/^\d/.test(t) && (t.length >= 4 || /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2,}$/u.test(t))) {
        answerWordLead = t;
        break;
      }
    }
  }
  const questionNames = [...properNouns(question)].filter((w) => w.length >= 3 && !STOPWORDS_ANY.test(w) && !isGeneric(nameKey(w)));
  const uLower = normalize(userTurn);
  return {
    questionNames,
    keepsQuestionName: questionNames.some((w) => uLower.includes(w)),
    answerWordLead,
    u,
    q,
    a,
    inQ,
    aOnly,
    novelRatio: counted === 0 ? 0 : novel / counted,
    answerNumbers: uNums.filter((n) => aNums.has(n) && !qNums.has(n)),
    novelNumbers: uNums.filter((n) => !aNums.has(n) && !qNums.has(n)),
    sentenceCount: sentences(userTurn).length,
    strongRef: firstMatch([...STRONG_REF, STRONG_REF_ML], ownWords, question),
    weakRef: firstMatch([...WEAK_REF, WEAK_REF_ML], ownWords, question),
    weakRefLeading:
      firstMatch([...WEAK_REF, WEAK_REF_ML], sentences(ownWords)[0] ?? '', question) !== null &&
      (topicInQ + topicAOnly > 0 || (u.size <= 5 && newProper.length === 0) || PRONOUN.test((sentences(ownWords)[0] ?? '').trim())),
    firstStandsAlone: standsAlone(sentences(ownWords)[0] ?? ''),
    strongRefLeading: firstMatch([...STRONG_REF, STRONG_REF_ML], sentences(ownWords)[0] ?? '', question) !== null,
    newProper,
    opener: OPENER.exec(userTurn)?.[0].trim() ?? null,
    hypothetical: firstMatch([HYPOTHETICAL], ownWords, question) !== null,
    newMarker: NEW_MARKER.exec(userTurn)?.[0].trim() ?? null,
    topicInQ,
    topicAOnly,
    sharedProper,
    standingRole: STANDING_ROLE.test(question),
    definiteRef,
    counted,
    // In the first sentence only, and not in long turns, where it describes the turn's own material.
    anaphor: anaphorOf(ownWords, counted, newProper.length >= 2),
    taskOpener: TASK_OPENER.exec(userTurn)?.[0].trim() ?? null,
    ownWords,
  };
}
