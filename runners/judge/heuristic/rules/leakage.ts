import { clip } from '../text/sentences.ts';
import { firstMatch } from './first-match.ts';
import { contextContentSet, contextNumberSet } from '../text/context.ts';
import { contentTokens, intersectCount, numbers } from '../text/tokens.ts';
import type { RuleHit } from '../types.ts';
import { VOICE_ML } from './multilingual.ts';

/**
 * identity_leakage: the model speaks as the assistant. Two families (a turn that opens with a role header has nothing
 * before it, which the role-header rule labels: docs/judges.md, rule 0):
 *  - assistant voice: offers of help, sign-offs, "as an AI", answers to thanks, "the user" in second-person service talk;
 *  - continuation: re-solving or continuing the answer (solution scaffolding, or mostly the answer's own words).
 */

/** The model says what it is: an identity claim outranks any planning language around it. */
const IDENTITY: RegExp[] = [
  /\bas an ai\b|\bas a (?:large )?language model\b|\bi(?:'m| am) an ai\b|\bi(?:'m| am) (?:an? )?(?:ai )?assistant\b/i,
  /\bi(?:'m| am) (?:qwen|chatgpt|gpt-?\d|llama|claude|gemma|gemini|mistral|phi|deepseek)\b/i,
];

const VOICE: RegExp[] = [
  /\b(?:i )?hope (?:this|that|it) (?:helps|was helpful|clarifies|answers|clears (?:things|it|everything) up|makes (?:sense|things clearer)|is (?:useful|helpful|clear)|works (?:for you|out))\b/i,
  /\bhappy (?:coding|cooking|baking|hiking|travels|travelling|traveling|learning|reading|gardening|studying|writing|hacking|running)\b|\benjoy (?:your|the) (?:meal|trip|dinner|stay|visit|cooking|run|hike|reading)\b|\bbon appétit\b/i,
  /\blet me know if (?:you|there|that|this|anything)\b/i,
  /\bfeel free to (?:ask|reach|let me)\b/i,
  /\b(?:is there|if there's|if there is) anything else (?:i can|you'd like|you would like|you need)\b/i,
  /\b(?:i'm|i am|i'd be|i would be) (?:happy|glad|here) to (?:help|assist|explain|clarify|answer)\b/i,
  /\b(?:how|what) (?:else )?can i (?:help|assist|do for you)\b/i,
  /\bhow may i (?:help|assist)\b/i,
  /\bwould you like me to\b/i,
  /\bdo you (?:want|need) me to (?:explain|show|go|walk|provide|help)\b/i,
  /\bas an ai\b|\bas a (?:large )?language model\b|\bi(?:'m| am) an ai\b|\bi(?:'m| am) (?:an? )?(?:ai )?assistant\b/i,
  /\bi(?:'m| am) (?:qwen|chatgpt|gpt-?\d|llama|claude|gemma|gemini|mistral|phi|deepseek)\b/i,
  /^\s*(?:you're|you are) (?:very |so |most )?welcome\b/i,
  /^\s*(?:(?:that's|that is|what) an? )?(?:great|good|excellent|interesting|fantastic) (?:question|follow-up|followup|point)\b/i,
  /\b(?:guten appetit|buen provecho|bom apetite)\b|맛있게 드세요|召し上がれ/iu,
  /^\s*(?:sure|certainly|of course|absolutely)[!,.]\s*(?:here(?!(?:'s| is| are) my\b)|i|let|the|to|below|happy)\b/i,
  /^\s*(?:here(?:'s| is| are) (?:the|a|an|how|another|some|one|two|three|your|my (?:answer|solution|response)|an? (?:updated|revised|improved|new|shorter|longer))|below is)\b(?![^.?!]*\?)/i,
  /\bi can (?:also )?(?:\w+ ){0,10}?(?:if you(?:'d| would)? like|if (?:you )?needed|if you want|for you)\b/i,
  /\bi'?m glad you (?:liked|like|found|enjoyed)\b|^\s*(?:happy|glad) to help\b|\bjust ask\b/i,
  /\bif you need (?:any )?(?:more |further |other |additional )?(?:help|assistance|recommendations|tips|advice|suggestions|information)\b/i,
  /\b(?:another|one more|bonus|pro|extra) tip\s*:/i,
  /\bhave a (?:wonderful|great|fantastic|lovely|safe) (?:trip|time|visit|stay|journey)\b/i,
  /\b(?:glad|happy) (?:i could|to have) help(?:ed)?\b/i,
  /\bdon't hesitate to (?:ask|reach)\b/i,
  /\bgood luck with your\b/i,
  // Assistant voice beyond stock phrases: offers to do more, notes to the reader, service talk.
  // heuristic-v9: more offers, each tied to the other party's wish or to what they would tell ("the part you'd like me to
  // go into", "I can also recommend…", "if you tell me more about…, I can…"), and the speaker's own earlier answer
  // ("my previous answer"; not "my first calculation", which a user who tried the problem may say).
  /\b(?:you'd|you would) like me to\b/i,
  /\bi can also (?:recommend|suggest|(?:write|create|draft|prepare|put together) (?:a|an|another|more)|show you|walk you|go (?:deeper|through|over)|provide (?:more|some|a|an|additional)|help you)\b/i,
  /\bif you (?:tell|give|send|show) me (?:a bit )?(?:more )?(?:about|details|information|the|your)\b[^.?!]{0,80}?,? i (?:can|could|will|'ll|'d)\b/i,
  /\bmy (?:previous|earlier|last) (?:answer|response|reply|explanation)\b/i,
  /\b(?:shall|should) i (?:also |now )?(?:\w+ ){0,2}?(?:explain|show|write|provide|create|add|include|expand|go|continue|give|make)\b/i,
  // The offer ends before the next "?", so only the first "i'll add it" of a stretch without one can find its
  // "if needed"/"for you" (later ones find a subset): the lookbehind skips the others, which each rescanned the
  // stretch (STEP_LIST in register.ts says more).
  /\bif you(?:'d| would)? (?:like|want|prefer),? i (?:can|could|will|'ll)\b|(?=\bi(?:'ll| will| can| could) (?:also )?(?:add|include|provide|adjust|expand|tailor|revise|modify|update) (?:it|this|that|more|the|a|an|some|any)\b)(?<!\bi(?:'ll| will| can| could) (?:also )?(?:add|include|provide|adjust|expand|tailor|revise|modify|update) (?:it|this|that|more|the|a|an|some|any)\b[^?]*?)\bi(?:'ll| will| can| could) (?:also )?(?:add|include|provide|adjust|expand|tailor|revise|modify|update) (?:it|this|that|more|the|a|an|some|any)\b[^?]*(?:if (?:needed|you|necessary|required)|for you)\b/i,
  /^\s*(?:note|please note|disclaimer|n\.b\.)\s*:/i,
  /\b(?:in (?:this|my) (?:response|answer|explanation)|as (?:i )?(?:mentioned|explained|shown|noted) (?:above|earlier|before)),? i\b/i,
  /\bthe user(?:'s)? (?:question|request)\b/i,
  // The assistant describing the reply it wrote.
  /^\s*(?:this|the) (?:version|rewrite|revised (?:version|sentence|text)|new version|phrasing|wording|draft) (?:keeps|adds|maintains|preserves|softens|ensures|conveys|retains|highlights|emphasi[sz]es|balances)\b/i,
  /\bas (?:you )?(?:requested|asked|instructed)\b|\b(?:the|this|my) (?:summary|response|answer|text|essay|poem|email|letter|story|reply) (?:is|has|contains) (?:exactly|now|about|under|over|around|just) \d+ words\b/i,
  // heuristic-v11: the helper's voice around code. An alternative offered to the reader as a statement ("Alternatively,
  // you can use…"; a user asks it: "could I use…?"), and the sections an answer with code closes with ("Example usage:",
  // "Time complexity:", "Explanation:") in a turn that asks nothing.
  /^\s*(?:alternatively|optionally),?\s+you (?:can|could|may|might) (?:also )?(?:use|write|try|replace|add|call|pass|define|implement|make|store|swap|skip|change|rewrite|run|import|wrap|combine|simplify|extend|handle|return|avoid|do)\b(?![^.?!]*\?)/i,
  /^(?![\s\S]*\?)[\s#>*_]*(?:example usage|usage examples?|sample usage|example run|sample (?:run|output)|expected output|time complexity|space complexity|complexity analysis|explanation|how it works|key (?:points|changes|features)|edge cases|test cases)[\s*_]*[:：]/i,
  ...VOICE_ML,
];

/** Solution scaffolding: the answer is being (re-)worked, not reacted to. */
const SOLVING: RegExp[] = [
  /^\s*(?:to (?:solve|find|determine|calculate|compute|figure out|answer) (?:this|the)\b[^?]*?,\s*(?:we|i|let's|first))/i,
  /^\s*(?:let's|let us) (?:solve|break|calculate|compute|work through|start)\b/i,
  // heuristic-v14: the author working its own answer again ("Let me recalculate to be sure: …").
  /^\s*(?:wait[,.!]?\s*)?(?:let me|let's|let us) (?:re-?calculate|re-?compute|redo|re-?do|re-?work|correct (?:that|this|myself|the (?:calculation|answer|total|mistake|error))|fix (?:that|my|the (?:calculation|error|mistake)))\b/i,
  /^\s*(?:step 1\b|first,? (?:we|let's) (?:need to |calculate|compute|find|determine))/i,
  /####\s*-?\d/,
  /^\s*(?:check|verification|verify|proof|zur probe|probe|vérification|comprobación|verificação|検算|验算|검산)\s*[:：]/i,
  /\\boxed\{/,
  // heuristic-v9: the answer given under a label, at the start ("**Final answer: 19**", "答え：30歳").
  /^[\s*#_]{0,6}(?:final answer|resposta final|respuesta final|réponse finale|endergebnis|最终答案|答案|答え|정답)\s*[:：]/iu,
  /\b(?:therefore|thus|so),? the (?:final )?answer is\b/i,
  /\bthe (?:final )?answer is:?\s*\$?-?\d/i,
  // An equation worked out: `a op b (op c)* = result`, read from a number's first digit. A digit with another digit
  // before it in its number, or a number with one before it in the same chain, can only fail where that one failed
  // (the chain from it is the same, or the rest of it), so the lookbehinds skip them; only a "(" right after the
  // number's operator, which the chain before it does not admit, keeps it a start. Tried at every digit, the
  // equation without them rescanned the chain from each (a 64k chain of "1,1 * …" with no "=" took 3.7 s, and a
  // run of blanks after "=" was split every way). For exec and test, which scan from the text's start.
  /(?=\d)(?!(?<=\d[\d.,]*?)|(?<=\d[\d.,]*?\s*[-+×x*\/÷]\s*)(?![\d.,]*\s*[-+×x*\/÷]\s*\())\d[\d.,]*\s*[-+×x*\/÷]\s*\(?\d[\d.,]*(?:\s*[-+×x*\/÷]\s*\d[\d.,]*)*\)?\s*=\s*(?:(?:[$€£¥₩]|R\$|US\$)\s*)?\d/,
];

/** A turn that continues the answer's numbered list ("6. …" after an answer ending at "5."). */
function continuesList(text: string, response: string): string | null {
  const m = /^\s*(\d{1,2})[.)]\s+\S/.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  // The previous item from the last line break before it: `\n\s*` from every break of a run of blank lines rescanned
  // the run (quadratic in the blank lines of the answer). The same answers match.
  return n > 1 && new RegExp(`(?:^|\\n)[^\\S\\n]*${n - 1}[.)]\\s`).test(response) ? m[0].trim() : null;
}

/** heuristic-v11: a turn that is one or more fenced code blocks and nothing else (no word of the user's own). */
function onlyCode(text: string): boolean {
  const parts = text.split('```');
  return parts.length >= 3 && parts.length % 2 === 1 && parts.every((p, i) => i % 2 === 1 || p.trim() === '');
}

export function identityClaimRule(text: string): RuleHit | null {
  const m = firstMatch(IDENTITY, text);
  if (m) return { label: 'identity_leakage', rule: 'leakage.identity_claim', rationale: `Speaks as the assistant about itself ("${clip(m[0], 60)}").`, evidence: clip(m[0], 120) };
  return null;
}

export function assistantVoiceRule(text: string): RuleHit | null {
  const m = firstMatch(VOICE, text);
  if (m) return { label: 'identity_leakage', rule: 'leakage.assistant_voice', rationale: `Speaks as the assistant ("${clip(m[0], 60)}").`, evidence: clip(m[0], 120) };
  return null;
}

/** "So …", "所以…", "つまり…", "따라서…", "Donc…": a conclusion drawn as the helper. */
const CONCLUSION = /^\s*(?:so|therefore|thus|hence|所以|因此|因而|つまり|したがって|따라서|그러므로|donc|ainsi|entonces|por lo tanto|então|portanto|also|daher|somit)(?:[,，、\s]|(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]))/iu;

/**
 * Continuation/re-solving: solution scaffolding, or a long turn whose content words come mostly from the
 * answer and that neither asks nor addresses the assistant.
 * A conclusion that restates the answer's results and a continued numbered list count too.
 */
export function continuationRule(text: string, question: string, response: string): RuleHit | null {
  // heuristic-v6: a conclusion that restates two or more of the answer's results, asking nothing, re-states the
  // solution ("所以全班一共有49人，其中男生21人。"). One number ("So the answer is 20.") may be a user checking.
  if (CONCLUSION.test(text) && !/[?？]/.test(text)) {
    const aNums = contextNumberSet(response);
    const qNums = contextNumberSet(question);
    const results = [...new Set(numbers(text))].filter((n) => aNums.has(n) && !qNums.has(n));
    if (results.length >= 2) {
      return {
        label: 'identity_leakage',
        rule: 'leakage.restates_results',
        rationale: `Draws the answer's conclusion again (results ${results.slice(0, 4).join(', ')}) without asking anything.`,
        evidence: clip(text, 120),
      };
    }
  }
  const list = continuesList(text, response);
  if (list) {
    return {
      label: 'identity_leakage',
      rule: 'leakage.continues_list',
      rationale: `Continues the answer's numbered list ("${clip(list, 40)}").`,
      evidence: clip(text, 120),
    };
  }
  if (onlyCode(text) && response.includes('```')) {
    return { label: 'identity_leakage', rule: 'leakage.continues_code', rationale: 'Nothing but code after an answer with code: the assistant writing more of it.', evidence: clip(text, 120) };
  }
  const solving = firstMatch(SOLVING, text, () => !/\?/.test(text) && !/\b(?:you|your|i think|isn't|shouldn't|wrong|mistake|wait)\b/i.test(text.slice(0, 300)));
  if (solving) {
    return {
      label: 'identity_leakage',
      rule: 'leakage.solving',
      rationale: `Works the problem as the assistant would ("${clip(solving[0], 60)}"), without a user's question to the assistant.`,
      evidence: clip(solving[0], 120),
    };
  }
  const toks = contentTokens(text);
  if (toks.length >= 12 && !/\?/.test(text) && !/\b(?:you|your)\b/i.test(text)) {
    const u = new Set(toks);
    const a = contextContentSet(response);
    const q = contextContentSet(question);
    let fromAOnly = 0;
    for (const t of u) if (a.has(t) && !q.has(t)) fromAOnly++;
    const fromA = intersectCount(u, a) / u.size;
    if (fromA >= 0.7 && fromAOnly >= 3) {
      return {
        label: 'identity_leakage',
        rule: 'leakage.continues_answer',
        rationale: `${Math.round(100 * fromA)}% of its content words come from the assistant's answer and it asks nothing: it continues the answer.`,
        evidence: clip(text, 120),
      };
    }
  }
  return null;
}
