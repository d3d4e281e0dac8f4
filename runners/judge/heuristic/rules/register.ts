import { NON_ASCII } from '../text/normalize.ts';
import { clip } from '../text/sentences.ts';
import { firstMatch } from './first-match.ts';
import type { RuleHit } from '../types.ts';

/**
 * heuristic-v6: who is speaking, recognised by the structure of the turn rather than by stock phrases, in eight
 * languages (en, zh, ja, es, fr, de, pt, ko).
 *  - a query: a question mark, a question word or a request form ("can you", "please", "请", "教えて", "주세요");
 *  - the helper's register: a statement (not a query) that explains to "you" what you can, should or would do,
 *    or in which the speaker offers, presents or re-works an answer ("here is", "I'll go through it");
 *  - a plan of the reply: first … then … finally with the speaker as the subject, numbered steps with no result,
 *    "they probably want…";
 *  - a short ungrounded statement with thanks, understanding or praise: a closing.
 * Tokens are matched on NFKC-normalised, lower-cased text.
 */

const QUESTION_MARK = /[?？¿]/u;

/** `\b` is ASCII-only in JavaScript: "você\b" never matches. Word edges that know every script. */
function uni(re: RegExp): RegExp {
  return new RegExp(re.source.replaceAll('\\b', '(?:(?<![\\p{L}\\p{N}])(?=[\\p{L}\\p{N}])|(?<=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}]))'), re.flags.includes('u') ? re.flags : `${re.flags}u`);
}

/**
 * Request forms and question words at the start of a clause (a turn without "?" can still ask). "可以…吗" starts only
 * at the first "可以" of a line (it is only tested; STEP_LIST says why).
 */
const REQUEST =
  uni(/^\s*(?:(?:please|kindly|now|ok(?:ay)?|and|also|so|then|great|thanks?)[,!.]?\s+)*(?:can|could|would|will) you\b|\b(?:please|pls)\b|^\s*(?:(?:now|ok(?:ay)?|and|also|so|then|great|thanks?)[,!.]?\s+)*(?:write|compose|create|generate|draft|make|produce|design|list|name|give|provide|describe|explain|summari[sz]e|tell|translate|rewrite|suggest|recommend|help|find|calculate|compute|solve|show|compare|outline|propose|add|remove|change|shorten|expand|simplify|redo|revise|convert|turn|include|focus|use|try|do|imagine|pretend|act|continue|elaborate|clarify|implement|critique|develop|build|analy[sz]e|evaluate|identify|discuss|argue|prove|derive|plan|prepare|edit|fix|debug|refactor|optimi[sz]e|classify|rank|rate|review|answer|respond|reply|draw|sketch|brainstorm|estimate|predict|determine|define|illustrate|walk me|let's|i (?:want|need|would like|'d like)|i'm (?:looking|trying|wondering)|i wonder)\b|^\s*(?:推荐|介绍|解释|说明|写(?:一|个|篇|段|首)|列出|翻译|总结|分析|比较|讲讲|说说|举(?:个|几个)?例)|^\s*(?:dime|dame|explica(?:me)?|explícame|escribe|recomiéndame|recomienda|haz|cuéntame|enumera|traduce|resume|compara|sugiere|busca|donne|explique|écris|recommande|fais|dis-moi|liste|traduis|résume|compare|propose|conseille|gib|erkläre?|schreib(?:e)?|empfiehl|nenne|übersetze|fasse|vergleiche|zeig(?:e)?|sag|escreva|recomende|diga|traduza|resuma|sugira|faça|indique)\b|(?:请|帮我|麻烦|能不能|可不可以|(?=可以)(?<!可以.*?)可以.*吗|告诉我|给我|教えて|ください|下さい|てほしい|お願い|주세요|줘|알려|해 ?줄래|할까요|por favor|dime|escribe|explica|dame|haz|recomiénda|s'il (?:te|vous) plaît|écris|explique|donne|bitte|schreib|erklär|gib mir|me (?:diga|explique|ajude|dê|mostre)|escreva|explique)/iu);

/**
 * heuristic-v14: requests in the imperative in Russian, Arabic and Hindi, and a Chinese "write a …" after what it is
 * written with ("用JavaScript写一个函数"): a new task asks as much as one with a question mark.
 */
const REQUEST_MORE = uni(
  /^\s*(?:напиши|объясни|расскажи|опиши|придумай|составь|переведи|приведи|покажи|сделай|дай|предложи|помоги|перечисли|сравни|посчитай|реши|создай|сочини)(?:те)?\b|^\s*(?:اكتب|اكتبي|اشرح|اشرحي|صف|أعطني|قدم|ترجم|لخص|اذكر|أخبرني|ساعدني|اقترح|قارن|احسب)(?![\p{L}])|(?:लिखिए|लिखें|लिखो|बताइए|बताएं|बताओ|समझाइए|समझाएं|दीजिए|सुझाइए)(?![\p{L}\p{M}])|^用[^，。？?！!]{1,20}(?:写|编写|实现|设计)(?:一|个|篇|段|首|份)/iu,
);

/** Service-register directions to a customer ("ご確認ください", "お試しください"): the helper's, not a request. */
const HONORIFIC_PLEASE = /(?:ご|お)[\p{Script=Han}\p{Script=Katakana}]+(?:ください|下さい)/gu;

export function isQuery(text: string): boolean {
  // A "?" inside code or a pattern ("(\\+1\\s?)?", `a?b`) asks nothing.
  // (Each blanking is skipped when its character is absent: the patterns cannot match without it.)
  const unquoted = text.includes('`') ? text.replace(/`[^`]*`/g, ' ') : text;
  // A word with a backslash in it, from its start only: tried at every character of a long word, the pattern
  // rescanned the word each time (a 64k-letter word then " \\" took 8 s); a match can only begin where a word does.
  const prose = unquoted.includes('\\') ? unquoted.replace(/(?<!\S)\S*\\\S*/g, ' ') : unquoted;
  if (QUESTION_MARK.test(prose)) return true;
  // A request can open any sentence ("Wan Wan is a villain. Write a story about…").
  // ASCII text is its own NFKC form and holds no honorific.
  const t = NON_ASCII.test(text) ? text.normalize('NFKC').replace(HONORIFIC_PLEASE, ' ') : text;
  return t.split(/(?<=[.!。！\n:])\s*/u).some((x) => REQUEST.test(x) || REQUEST_MORE.test(x));
}

/**
 * The helper's register (instructions to the assistant — "you need to repeat the request", "you should answer in
 * French" — are the user's register and are left out): a statement addressed to the asker as "you" about what they can, should or would do, or
 * what they will get ("you would owe…", "si tu cocina…", "建议你…", "Pensez aussi à…").
 */
const HELPER_YOU: RegExp[] = [
  /\byou(?: (?:also |still |then )?(?:can|could|should|might|may|would|will)|'ll|'d)\b(?!\s+(?:please|help|tell|explain|give|show|write|make|do|check|recommend|suggest|answer|respond|reply|repeat|use|include|provide|list|not|never|always|first)\b)|\b(?:if|when|once) you(?:'re| (?:want|prefer|use|are|have|do|like|add|follow))\b|\bmatters? (?:most |more )?to you\b|\b(?:consider|remember|keep in mind|don't forget) (?:to|that|using|adding)\b|\byou(?:'ll| will) (?:also |probably |then )?(?:want|get|have|need|end up|save|pay|owe|see|notice|find)\b/i,
  /(?:建议你|建议您|你可以|您可以|你应该|您应该|你需要|您需要|你会|你就|你也可以|如果你|如果您|记得|别忘了|如果(?:有)?需要|可以(?:使用|用|试试|考虑|尝试|选择))/u,
  /(?:ご|お)[\p{Script=Han}\p{Script=Katakana}]+(?:ください|下さい)|(?:してください|するといいでしょう|するとよいでしょう|がおすすめです|できますよ|になりますよ|ましょう|てみてください|ておくと|すれば)/u,
  /\b(?:puedes|podrías|deberías|debes|tendrás|ahorrarás|pagarás|te (?:recomiendo|aconsejo|sugiero)|si (?:tu|tienes|quieres|usas|prefieres|necesitas|vas a|buscas|haces)|también (?:puedes|podrías|deberías)|es mejor (?:usar|que)|recuerda|asegúrate|no olvides|prueba a|te evitará|te ahorrará)\b/iu,
  /\b(?:vous pouvez|vous pourrez|tu peux|tu pourras|vous devriez|tu devrais|vous aurez|tu auras|pensez à|pense à|n'oubliez pas|n'oublie pas|assurez-vous|je vous (?:conseille|recommande)|je te (?:conseille|recommande)|si vous (?:voulez|avez|utilisez|préférez)|si ton|si votre|vous évitera|t'évitera)\b/iu,
  /\b(?:du kannst|sie können|du solltest|sie sollten|du musst|du wirst|sie werden|(?:kannst|solltest|musst|wirst) du|(?:können|sollten|müssen) sie|falls du|falls sie|denk daran|denken sie daran|achte darauf|prüfe|vergiss nicht|wenn du (?:möchtest|willst|magst)|ich empfehle dir|ich rate dir)\b/iu,
  /\b(?:você (?:também |ainda )?(?:pode|deve|deveria|terá|vai|precisa)|se você|lembre-se|não se esqueça|recomendo que você|te recomendo|tente)\b/iu,
  // A tip offered as such: "A useful trick is…", "Un truco útil es…", "Une astuce :", "Ein Tipp:", "Uma dica:".
  /^\s*(?:an?|one) (?:useful|good|quick|handy|simple|great) (?:trick|tip|idea) (?:is|:)|^\s*un (?:buen |pequeño )?(?:truco|consejo)(?: útil)? (?:es|:)|^\s*une (?:bonne |petite )?astuce\b|^\s*ein (?:guter |kleiner )?(?:tipp|trick)\b|^\s*uma (?:boa )?dica\b/iu,
  // Explanations addressed to the reader: "Note that HEAD~1 refers to…", "Keep in mind that…".
  /^\s*(?:(?:note that|keep in mind that|bear in mind that|remember that|it(?:'s| is) worth noting|notice that)\b|remember,)/i,
  // Advice in the imperative ("Avoid repotting it…", "Don't forget to…"), not an instruction about the reply.
  /(?:^|[.:!]\s+)(?:avoid|remember to|don't forget to|do not forget to|keep in mind|be careful (?:not )?to)\s+\w+/i,
  // Impersonal advice: "it's best to", "conviene", "il vaut mieux", "am besten", "vale a pena", "最好", "した方がいい".
  /\b(?:it(?:'s| is) (?:best|better|worth|a good idea|advisable|recommended) to|i(?:'d| would)? (?:recommend|suggest|advise)|conviene|te conviene|es recomendable|es aconsejable|vale la pena|lo ideal es|il vaut mieux|mieux vaut|il est (?:conseillé|recommandé)|am besten|es lohnt sich|empfiehlt es sich|vale a pena|o ideal é|é melhor|recomenda-se)\b|最好|(?:した|する)方がいい|するとよい|것이 좋습니다/iu,
  // "당신은 … 수 있" starts only at the first "당신은" of a line (STEP_LIST says why).
  /(?:하세요|하시면|보세요|드립니다|드릴게요|좋습니다|됩니다|수 있습니다|하시기 바랍니다|해 보세요|추천합니다|권장합니다)[.!\s]*$|(?=당신은 )(?<!당신은 .*?)당신은 .*(?:수 있|됩니다)/u,
].map(uni);

/** The speaker presents or offers the answer as the helper ("here is…", "I'll go through it", "posso indicar"). */
const HELPER_I: RegExp[] = [
  // "paste it … i'll" and "以下は … です" start only at the first opening of their stretch (STEP_LIST says why).
  /^\s*(?:(?:sure|of course|certainly|absolutely|okay|ok|great)[!,.]\s*)?(?:here(?:'s| is| are) (?!my\b)|below is)|\bi(?:'ll| will) (?:go through|walk you|review|check|rewrite|explain|show|help|take a look|look at|adjust|fix|update|make)\b|(?=\b(?:paste|send|share) (?:your|it|me)\b)(?<!\b(?:paste|send|share) (?:your|it|me)\b[^?]*?)\b(?:paste|send|share) (?:your|it|me)\b[^?]*\bi(?:'ll| will| can)\b/i,
  /^(?:当然|好的|没问题)[！!,，。]?\s*(?:以下|下面|这是)|以下是|下面是|我(?:来|可以|会)(?:帮|为|给)(?:你|您)/u,
  /^(?:もちろん|はい|承知しました)[！!、。]?|(?=以下[はがの])(?<!以下[はがの].*?)以下(?:は|が|の)(?:.*)(?:です|ます)|お手伝いします|ご(?:説明|案内|紹介)します/u,
  /^\s*(?:¡?claro|por supuesto|desde luego)[!¡,.]|\baquí (?:tienes|está|va)\b|\bte (?:dejo|paso|muestro|explico)\b|\bpuedo (?:ayudarte|darte|revisar|hacer|indicarte|explicarte)\b/iu,
  /^\s*(?:bien sûr|certainement|volontiers)[!,.]|\bvoici\b|\bje (?:peux|pourrais) (?:vous|t')|\bje vais (?:vous|t')/iu,
  /^\s*(?:natürlich|klar|gerne|selbstverständlich)[!,.]|\bhier (?:ist|sind|findest du)\b|\bich (?:kann|könnte) (?:dir|ihnen)\b/iu,
  /^\s*(?:claro|com certeza|certo)[!,.]|\baqui (?:está|estão|vai)\b|\bposso (?:indicar|ajudar|sugerir|explicar|mostrar|recomendar|fazer|te)\b|\bespero ter ajudado\b|\bse quiser,? (?:posso|eu)\b/iu,
  /^(?:물론이죠|물론입니다|네,|좋습니다)|다음(?:은|과 같습니다)|도와(?:드릴|드리겠)|알려 ?드릴게요|설명해 ?드리겠습니다|도움이 되(?:셨으면|었으면|길)|언제든지 (?:물어|질문)|궁금한 점이 있으시면/u,
].map(uni);

/**
 * Notes to oneself about the reply: subjectless ("Should mention the join too."), the asker as "they" ("They want to
 * undo a commit → …"), the speaker announcing what the reply will do ("I'll suggest a one-pan dish…"), or a label
 * for the question ("Relative speed problem. Add the speeds…").
 */
const SELF_NOTE =
  /(?:^|[.!]\s+)(?:should|must|need to|have to|gotta|will) (?:also )?(?:mention|include|explain|add|note|cover|say|list|keep|start|end|give|show|point out|clarify|check|double-check)\b|^\s*they(?:'re| are)? (?:want|need|asked|ask|asking|wanna)\b|^\s*i(?:'ll| will| am going to) (?:suggest|recommend|propose|explain|describe|list|give them|provide|outline|start with|begin with|go with|mention|include|cover|answer|write|keep it|structure)\b|^\s*(?!(?:i|i've|i'm|here|this|that|my|one|another|quick|a|an|the|new|next|last|real|simple|easy|hard|good|great|follow-up|followup)\b)(?:[\w-]+\s){1,3}(?:problem|question|task|request)\.\s/i;

/**
 * A statement that opens with an additive connector ("Also,", "Además,", "De plus,", "Außerdem", "Além disso", "また、",
 * "此外", "또한") continues the answer when it is long enough to add content and the speaker says nothing about
 * themselves ("Also, I'm vegetarian." is a user adding context).
 */
const ADDITIVE = /^\s*(?:also|additionally|moreover|furthermore|in addition|in short|in summary|to sum up|to summari[sz]e|in other words|en resumen|en resumé|en bref|kurz gesagt|zusammengefasst|em resumo|resumindo|要するに|まとめると|总之|总结一下|简而言之|요약하면|정리하면|one (?:more|last|final) (?:thing|tip|note)|a (?:quick|final) (?:note|tip)|además|asimismo|también|de plus|en outre|par ailleurs|außerdem|zusätzlich|darüber hinaus|além disso|também|ademais|また|さらに|なお|ちなみに|参考までに|此外|另外|而且|顺便说一下|또한|그리고|추가로|참고로|por cierto|übrigens|aliás|à noter)[,、，\s]/iu;
const SELF = /\b(?:i|i'm|my|me|je|j'ai|mon|ma|mes|moi|ich|mein|meine|mir|mich|yo|mi|mis|me|eu|meu|minha|tenho)\b|我|私|僕|저는|제가|나는|내가/iu;

/** Planning cues for Portuguese and Korean (the other languages are in multilingual.ts), and planning by structure. */
const PLAN: RegExp[] = [
  /\b(?:o|a) (?:usuário|usuária|utilizador|utilizadora) (?:quer|pede|pergunta|está|precisa|deseja|gostaria|tem)\b|\b(?:vou|devo|preciso|tenho que) (?:listar|explicar|responder|calcular|mostrar|estruturar|começar|organizar|apresentar|dar|terminar)\b|\ba resposta deve\b/iu,
  /^(?:需要|应该|要)(?:先)?(?:列出|说明|解释|计算|提到|强调|回答|介绍|给出)|^(?:先|首先)(?:列出|说明|解释|计算)/u,
  /사용자(?:는|가|의|께서)|(?:답변|대답|응답)(?:하고|해야|을 (?:작성|구성))|(?:정리해서|정리하여) 답|(?:해야겠다|하겠다|좋겠다|해야 한다|하자)[.\s]*$/u,
  /\b(?:they|he|she) (?:probably|likely|clearly|seem to|seems to|might|may|just|really) (?:want|need|ask|mean|expect)s?\b|^\s*(?:he|she) (?:wants|asks|needs|is asking)\b|^\s*(?:il|elle) (?:demande|veut|cherche|souhaite)\b|^\s*(?:pide|pregunta|quiere saber)\b|^\s*(?:er|sie) (?:fragt|möchte wissen|will wissen)\b|^\s*(?:ele|ela) (?:pede|pergunta|quer saber)\b|\bplan (?:for|of) (?:the|my) (?:reply|response|answer)\b|\b(?:the|my) (?:answer|reply|response) (?:should|will|must) (?:focus|include|cover|start|begin|explain|mention|be)\b/i,
  /\b(?:die frage ist|ich fasse (?:die|das)|ich (?:werde|sollte) (?:zuerst|die|eine|kurz))\b|\bla pregunta es\b|\bla question est\b/iu,
].map(uni);

/**
 * A monologue in the plain register: Korean sentences ending in "-다"/"-자" ("정리해야겠다", "묻고 있다") and
 * Japanese ones in plain form with no です/ます. A user writing to an assistant in these languages uses the polite
 * register or asks; notes to oneself about the reply do not.
 */
function plainMonologue(t: string): boolean {
  const sents = t.split(/(?<=[.。!！])\s*/u).map((x) => x.trim()).filter(Boolean);
  if (sents.length === 0) return false;
  const hangul = (t.match(/\p{Script=Hangul}/gu)?.length ?? 0) >= 10;
  if (hangul) return sents.every((x) => /(?:다|자)[.!]?$/u.test(x) && !/(?:니다|습니다)[.!]?$/u.test(x));
  const kana = (t.match(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0) >= 10;
  if (kana) return !/(?:です|ます|ました|ません|ください|でしょう)/u.test(t) && sents.every((x) => /(?:る|だ|う|た|い|ない|か)[。.!！]?$/u.test(x));
  return false;
}

/** First … then … finally with the speaker as the subject ("First I'll explain…, then…"). */
const SEQUENCE_FIRST = uni(/\b(?:first(?:ly)?|primero|d'abord|tout d'abord|zuerst|erst|primeiro)\b|首先|先|まず|먼저|우선/iu);
const SEQUENCE_THEN = uni(/\b(?:then|next|after that|finally|luego|después|finalmente|puis|ensuite|enfin|dann|danach|schließlich|depois|em seguida|por fim)\b|然后|再|最后|次に|最後に|그다음|다음에|마지막으로|그리고/iu);
const SPEAKER_ACTS =
  uni(/\bi(?:'ll| will| am going to| should| need to| must)\b|\b(?:calculo|resto|explico|doy|presento|voy a|debo)\b|\b(?:je vais|je dois|il faut)\b|\b(?:ich (?:werde|sollte|muss|berechne|erkläre))\b|\b(?:vou|devo|preciso)\b|我(?:应该|需要|会|要|先)|(?:しよう|よう。|ましょう|します。)|(?:겠습니다|겠다|하자)/iu);

/**
 * Numbered steps with no result ("Step 1: compute 4 % of 850. Step 2: …"): a plan, not a worked solution.
 * Each alternative starts only at its first "step 1" (or "1)"): a later one can only find a "step 2" the first one
 * found, and the first one failed. Tried at every "step 1" of a turn without a "step 2", the pattern scanned to the
 * end from each (a 64k turn of "第一步…" took 2.7 s). The lookbehinds run only where a "step 1" stands.
 */
const STEP_LIST = uni(/(?=\b(?:step|schritt|paso|étape|passo)\s*1\b|第一步|ステップ1|1단계)(?<!(?:\b(?:step|schritt|paso|étape|passo)\s*1\b|第一步|ステップ1|1단계)[^]*?)(?:\b(?:step|schritt|paso|étape|passo)\s*1\b|第一步|ステップ1|1단계)[^]*?(?:\b(?:step|schritt|paso|étape|passo)\s*2\b|第二步|ステップ2|2단계)|(?=(?:^|\s)1\)\s)(?<!(?:^|\s)1\)\s[^]*?)(?:^|\s)1\)\s[^]*\s2\)\s/iu);

export function helperRegisterRule(text: string): RuleHit | null {
  const t = text.normalize('NFKC');
  const query = isQuery(t);
  const helper = firstMatch(HELPER_I, t, (m) => !isQuery(t.slice(m.index)));
  if (helper) {
    return { label: 'identity_leakage', rule: 'leakage.helper_first_person', rationale: `Presents or offers the answer as the helper ("${clip(helper[0], 60)}").`, evidence: clip(helper[0], 120) };
  }
  if (query) return null;
  const size = t.split(/\s+/).filter(Boolean).length + (t.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0) / 2;
  if (ADDITIVE.test(t) && size >= 8 && !SELF.test(t)) {
    return { label: 'identity_leakage', rule: 'leakage.adds_to_answer', rationale: 'A statement that adds to the answer ("Also, …") without a word about the speaker: the helper continuing.', evidence: clip(t, 120) };
  }
  const toYou = firstMatch(HELPER_YOU, t);
  if (toYou) {
    return {
      label: 'identity_leakage',
      rule: 'leakage.explains_to_you',
      rationale: `A statement that explains to the asker what they can or should do ("${clip(toYou[0], 60)}"): the helper's register, not a user's message.`,
      evidence: clip(toYou[0], 120),
    };
  }
  return null;
}

export function planStructureRule(text: string): RuleHit | null {
  const t = text.normalize('NFKC');
  const plan = firstMatch(PLAN, t);
  if (plan) return { label: 'meta_planning', rule: 'planning.language', rationale: `Deliberates about the reply ("${clip(plan[0], 60)}").`, evidence: clip(plan[0], 120) };
  if (QUESTION_MARK.test(t)) return null;
  // Infinitive notes in French, Spanish or Portuguese: "Convertir 1 h 30…, puis diviser…" (a plan, not a request).
  // The lookaheads (implied by any match) first ask whether the first word can end so, then whether "puis
  // <infinitive>" stands anywhere: without the second, a first word with many "-er"/"-ré" splits ("parleréqbaeré…", \b
  // holds before "é") rescanned the turn from each split; the first keeps the second from running again at every
  // blank that \s* gives back (a turn that copies the question is blanked to a long run of them).
  const inf = /^\s*(?=\p{L}+(?:er|ir|re|ar)\b)(?=[^?]*?\b(?:puis|ensuite|luego|después|depois|em seguida)\s+\p{L}+(?:er|ir|re|ar)\b)(\p{L}+(?:er|ir|re|ar))\b[^?]*?\b(?:puis|ensuite|luego|después|depois|em seguida)\s+(\p{L}+(?:er|ir|re|ar))\b/iu.exec(t);
  if (inf && !/^(?:ser|estar|por|para|hier|leer)$/i.test(inf[1] as string)) {
    return { label: 'meta_planning', rule: 'planning.infinitive_steps', rationale: `Steps of the reply in the infinitive ("${clip(inf[0], 60)}").`, evidence: clip(inf[0], 120) };
  }
  const note = SELF_NOTE.exec(t);
  if (note) return { label: 'meta_planning', rule: 'planning.self_note', rationale: `A note to itself about the reply ("${clip(note[0].trim(), 60)}").`, evidence: clip(note[0].trim(), 120) };
  // Chinese, Japanese, Korean: a three-step plan (先…再…最后) needs no subject to be a plan.
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(t) && SEQUENCE_FIRST.test(t) && SEQUENCE_THEN.test(t) && /最后|最後に|마지막으로/u.test(t)) {
    return { label: 'meta_planning', rule: 'planning.sequence', rationale: 'Lays out the steps of the reply (first … then … finally).', evidence: clip(t, 120) };
  }
  if (SEQUENCE_FIRST.test(t) && SEQUENCE_THEN.test(t) && SPEAKER_ACTS.test(t)) {
    return { label: 'meta_planning', rule: 'planning.sequence', rationale: 'Lays out, in the first person, the steps of the reply to write (first … then …).', evidence: clip(t, 120) };
  }
  if (plainMonologue(t)) {
    return { label: 'meta_planning', rule: 'planning.plain_monologue', rationale: 'Notes to itself in the plain register (Korean "-다", Japanese plain form), not a message to the assistant.', evidence: clip(t, 120) };
  }
  const steps = STEP_LIST.exec(t);
  if (steps && !/=\s*[-$€£]?\d/.test(t)) {
    return { label: 'meta_planning', rule: 'planning.step_list', rationale: 'Numbered steps of a reply, with no result worked out: a plan.', evidence: clip(steps[0], 120) };
  }
  return null;
}

/** Thanks, understanding, praise and sign-offs in eight languages (substring cues). */
const ACK_ML =
  uni(/\b(?:thanks?|thank you|thx|cheers|appreciated?|great|awesome|perfect|nice|cool|got it|makes sense|helpful|brilliant|amazing|excellent|works|worked|gracias|perfecto|genial|vale|entendido|me (?:ha )?servido|merci|parfait|super|d'accord|compris|génial|danke|perfekt|alles klar|verstanden|prima|toll|super|obrigad[oa]|valeu|perfeito|entendi|ótimo|show|ajudou|legal|lindo|linda|bonito|hermoso|precioso|joli|magnifique|schön|wunderschön|beautiful|lovely|adorei|amei|me encanta|j'adore|love (?:it|this|that))\b|谢谢|感谢|多谢|明白|懂了|原来如此|学到了|好的|太好了|ありがと|どうも|分かりました|わかりました|なるほど|参考になりました|助かりました|了解|감사|고마워|고맙|알겠|그렇군요|이해했|도움이 됐|좋아요|좋네요|최고|대박|ㅎㅎ|ㅋㅋ|해 ?볼게요|👍|🙏|😊|🙂|❤️|🌿/iu);

/** A short statement of thanks, understanding or praise that asks nothing and brings no content of its own. */
export function shortClosingRule(text: string, answerNumbers: number): RuleHit | null {
  const t = text.normalize('NFKC').trim();
  if (t === '' || isQuery(t) || answerNumbers > 0) return null;
  const units = t.split(/\s+/).filter(Boolean).length + (t.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0) / 2;
  if (units > 14 || !ACK_ML.test(t)) return null;
  return {
    label: 'generic_closing',
    rule: 'closing.short_statement',
    rationale: `A short statement of thanks or understanding ("${clip(t, 60)}") that asks nothing.`,
    evidence: clip(t, 120),
  };
}
