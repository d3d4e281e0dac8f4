/** The cue patterns the signals look for in a user turn: English, then the same reference cues in other languages. */

export const STRONG_REF: RegExp[] = [
  /\byour (?:(?:previous|last|earlier|above|first|second|third|final|own|initial|original|latest) )?(?:answers?|responses?|reply|solutions?|explanations?|examples?|lists?|code|program|function|script|poem|story|essay|email|outline|plan|methods?|approach|calculations?|math|results?|steps?|suggestions?|recommendations?|translations?|summary|version|proof|draft|letter|post|json|table|points?|arguments?|reasoning|logic|estimates?|assumptions?|thought process|work|numbers?|figures?|formula|equation|output|advice|tips?|ideas?|options?|sentences?|paragraphs?|description|definition|claims?)\b/i,
  /(?<!\b(?:would|will|could|should|can|might|to|must|shall)\s)\byou (?:just )?(?:said|say|mentioned|wrote|used|got|gave|claimed|suggested|assumed|listed|described|explained|calculated|computed|multiplied|divided|added|subtracted|forgot|missed|made|did|included|left out|skipped|recommended|called|put|chose|picked|meant|mean|wrote|showed|counted|treated|ignored|started|ended|converted|rounded|changed|provided|proposed|defined|stated|wrote down|applied|solved)\b/i,
  /\b(?:the|that|this|your) (?:above|previous|earlier|prior)\b|\b(?:that|your) last\b|\babove\b|\bprevious(?:ly)?\b|\bearlier\b|\bso far\b/i,
  /\b(?:in|from|of|at|for) (?:the )?(?:step|part|point|line|paragraph|section|option|example|item|bullet|stanza|verse|tip|case) (?:\d+|one|two|three|four|five|[a-e]\b)/i,
  /\bthe (?:first|second|third|fourth|fifth|last|final|middle|next|2nd|3rd|1st) (?:step|part|point|example|option|one|line|paragraph|sentence|item|bullet|tip|idea|method|approach|stanza|suggestion|case|answer|film|book|impact|principle)\b/i,
  /\b(?:did|didn'?t) you (?!know\b|ever\b|hear\b|see\b)[a-z]+|\bare you sure\b|\b(?:that's|that is|this is|it's) (?:wrong|not right|incorrect|not correct)\b|\bis (?:that|this|it) (?:right|correct|true|accurate)\b|\b(?:doesn'?t|does not) (?:seem|look|sound) right\b/i,
  /\bi (?:tried|ran|used|followed|tested|applied|checked) (?:it|this|that|your|the (?:code|steps|recipe|formula|method|advice|script))\b|\b(?:it|this|that) (?:didn'?t|doesn'?t|did not|does not) (?:work|compile|run)\b|\bi (?:got|get) (?:an error|a different)\b|\bi(?:'m| am)? (?:get|got|getting|keep getting|see|saw)(?= (?:an? |this |the |the following )?\w+(?:error|exception)\b)/i,
  /\b(?:the same (?:task|thing|question|way|format|again)|do (?:it|that|the same) again|(?:one )?more time)\b/i,
  /\b(?:rewrite|rephrase|revise|reword|rework|redo|modify|amend|update|alter|shorten|expand|summari[sz]e|simplify|translate|continue|reformat|reformulate|edit) (?:it|this|that|them|these|those|the (?:answer|response|story|poem|email|code|list|text|plan|program|function))\b/i,
];

export const OPENER = /^\s*(?:and|but|so|also|then|now|ok(?:ay)?,? (?:so|now|and))\b/i;

export const NEW_MARKER =
  /\b(?:(?:another|next|new|different|unrelated|separate|other) (?:question|problem|one|task|topic|thing|request)\s*[:\-–—]|(?:next|new|different|unrelated|separate|other) question\b|changing the subject|on (?:a|another) (?:different|unrelated|separate) note|unrelated,? but|by the way)/i;

export const HYPOTHETICAL = /\b(?:what|how) about\b|\bwhat if\b|\bwhat would (?:happen|change|be different)\b|\binstead\b|^\s*(?:(?:ok(?:ay)?|so|alright),?\s+)?(?:and|but) (?:if|what|how)\b|\bsuppose\b|\bif we (?:change|assume)\b/i;

export const STANDING_ROLE =
  /\b(?:act as|pretend (?:to be|you(?:'re| are)|yourself)|play the (?:role|part)|assume the role|embrace the role|embody|role-?play|you are now|from now on|for the rest of (?:this|our) conversation|throughout (?:this|our) conversation|in all the following|regardless of (?:the|what)|i will (?:provide|give|send|ask)|your (?:job|task|role) (?:is|will be))\b/i;

export const WEAK_REF: RegExp[] = [
  /^\s*(?:but|wait|hmm+|hold on|what about|how about|what if|why|how come|really|huh|hm)\b/i,
  /\b(?:what|how) about\b|\bwhat if\b|\bwhat would (?:happen|change|be different)\b|\binstead\b|\bagain\b|\bas well\b|\bthe same\b/i,
  /\b(?:explain|write|rewrite|rephrase|repeat|summari[sz]e|simplify|shorten|expand|translate|check|verify|prove|change|modify|make|do|fix|use|apply|try|show|clarify|elaborate on|continue|redo|revise|compare|justify|parallelize|optimi[sz]e|improve|test|extend|turn|convert|format|put|apply|reverse|derive|replace|remove|add|move|swap|sort|reorder|split|combine|merge|run|keep|cut|trim|adapt|adjust|scale|double|halve|read|teach|learn|get|find|pick|choose|order|book|visit|skip) (?:it|this|that|these|those|them|one)\b/i,
  /^\s*(?:can|could|would) you (?:also |please )?(?:add|remove|include|drop|rename|insert|list|mark|highlight|bold|number|label|sort|group) (?:a|an|the|another|one more|some|more|each|all)\b/i,
  /\bwhat do you think\b|\bhow do you (?:like|feel)\b|\bwould you like to\b|\bdo you (?:like|enjoy|agree|prefer|think|recommend)\b|\byour (?:opinion|view|favou?rite|thoughts)\b/i,
  /\b(?:is|was|does|did|would|will|can|could|should|isn't|doesn't|wouldn't) (?:it(?!\s+(?:(?:really|even|ever|more|less|a|an)\s+)?(?:true|possible|plausible|easier|harder|better|worse|necessary|important|likely|unlikely|okay|ok|fair|accurate|correct|safe|normal|common|legal|wise|worth|reasonable|realistic|feasible|hard|easy|difficult|ethical|bad|good|wrong|right)\s+(?:that|to|for|if|whether)\b)|this|that|these|those|they)\b/i,
  /\b(?:why|how) (?:is|does|did|do|was|would) (?:it|this|that|the)\b/i,
  // From the first "why" of a sentence only: a later one reaches the same end of the sentence (each rescanned it).
  // A match ends at "?", so in firstCue's global scan the earlier "why" of the same sentence was tried too.
  /(?=\bwhy\b)(?<!\bwhy\b[^.?!]*?)\bwhy\b[^.?!]*\?/i,
  /\b(?:more|less) (?:detail|details|examples?|concise|formal|casual|simply|simple|specific)\b|\b(?:shorter|longer|simpler)\b|\bin (?:more )?detail\b|\blike i'?m (?:five|5|a (?:child|kid|beginner))\b/i,
  /\b(?:then|so) (?:what|how|why|is|does|would|should)\b/i,
  // heuristic-v15: "So when…", "So which…": a wh-question opened by "so" draws on what was said (as "so what/how" above).
  /^\s*so,? (?:when|where|which|who)\b/i,
];

/** A pronoun that can point back at the answer; a hook without one, or without shared topic, does not anchor. */
export const PRONOUN = /\b(?:it|this|that|these|those|them)\s*\?|^(?:\S+\s+){0,3}?(?:it(?!(?:'s|\s+is|\s+was)?\s+(?:(?:really|even|ever|more|less|a|an)\s+)?(?:true|possible|plausible|easier|harder|better|worse|necessary|important|likely|unlikely|okay|ok|fair|accurate|correct|safe|normal|common|legal|wise|worth|reasonable|realistic|feasible|hard|easy|difficult|ethical|bad|good|wrong|right)\s+(?:that|to|for|if|whether)\b)|this|that|these|those|them|they|its|their)\b/i;

/**
 * heuristic-v15: a part of, or a choice among, what was given ("which of these", "any of that", "laquelle de ces",
 * "¿cuál de estos", "welche davon", "какой из этих", "这些中哪", "この中で"): the turn picks from the answer's items. Only
 * the asking quantifiers: "each of them", "one of them" point at what a word problem names itself. A noun after it
 * ("which of those chords") must be a word of the exchange.
 */
export const PARTITIVE_REF =
  /\b(?:which|any|none) of (?:these|those|that|this|the above)\b(?: ([\p{L}][\p{L}'-]*))?|\b(?:lequel|laquelle|lesquels|lesquelles) (?:de ces|d'entre (?:eux|elles))\b|(?:^|[\s¿])(?:cu[aá]l(?:es)?|alguno|alguna|ninguno) de (?:estos|estas|esos|esas)\b|\b(?:welche[rs]?|keine[rs]?) (?:davon|dieser)\b|(?:какой|какая|какое|какие|что) из (?:этих|этого|перечисленн)|(?:这些|那些|以上|上面)(?:方法|建议|选项|里|中|当中|之中)?(?:哪|哪个|哪些|哪一)|其中(?:哪|哪个|哪些|哪一)|(?:この|これらの|その|それらの)(?:中|うち)で?(?:どれ|どの|何)/iu;

/**
 * heuristic-v15: PRONOUN's "this", "it", "they" in Russian, Ukrainian, Spanish and French (not articles), in the first
 * words: "А как это работает для…", "¿Y eso sirve para…": a hook with one points back across scripts.
 */
export const PRONOUN_ML = /^(?:\S+\s+){0,3}?¿?(?:это|оно|они|эти|этот|эта|це|воно|вони|esto|eso|ello|ça|cela|ceci)(?![\p{L}])/iu;

/** A comparison with something already given: the answer. */
export const COMPARATIVE =
  /\b(?:better|faster|simpler|cheaper|more efficient|more concise|similar|alternative|another (?:way|version|approach|example|option)|a different (?:way|version|approach|example|one)|the other (?:way|one|option)|more details?|in (?:more|greater) detail|elaborate on|expand on|the (?:listed|mentioned|aforementioned|described|suggested|proposed|recommended|given) \w+)\b/i;

/** Capitalised words that are function words or task words, never names. */
export const STOPWORDS_ANY = /^(?:the|this|that|these|those|your|my|our|their|his|her|its|and|but|for|with|from|into|what|which|who|how|why|when|where|please|include|use|write|make|answer|response|note|step|part|section|paragraph|title|user|assistant|i|you)$/i;

/**
 * A sentence that constrains the form of the reply to come (IFEval/IFBench style). "each/all … words … must" starts only
 * at the first such opening of its sentence (it is only tested: a later one finds a subset of the same ends).
 */
export const FORM_CONSTRAINT =
  /\b(?:each|every)\s+(?:\w+\s+)?(?:sentences?|paragraphs?|words?|lines?|sections?|bullet points?)\b|\bthan the previous (?:one|sentence|paragraph|word|line)\b|(?=\b(?:each|every|all|the (?:first|last|final))\s+(?:\w+\s+)?(?:sentences?|paragraphs?|words?|lines?|letters?|bullets?|sections?|responses?)\b)(?<!\b(?:each|every|all|the (?:first|last|final))\s+(?:\w+\s+)?(?:sentences?|paragraphs?|words?|lines?|letters?|bullets?|sections?|responses?)\b[^.?!]*?)\b(?:each|every|all|the (?:first|last|final))\s+(?:\w+\s+)?(?:sentences?|paragraphs?|words?|lines?|letters?|bullets?|sections?|responses?)\b[^.?!]*\b(?:must|should|has to|have to|needs? to)\b|\b(?:your|the) (?:response|answer|reply|output)s? (?:must|should)\b|\binclude exactly\b|\brespond with\b|\b(?:must|should) (?:contain|have|include|end|start|begin) (?:exactly|at least|at most|no more than|the same)\b/i;

export const DEFINITE = /\b(?:the|this|that|these|those|its|their|such)\s+([\p{L}][\p{L}'-]+)/giu;

/** Imperative or request openers of a self-contained task. */
export const TASK_OPENER =
  /^\s*(?:(?:please|kindly)\s+)?(?:(?:can|could|would|will) you (?:please )?)?(?:write|compose|create|generate|draft|make|produce|design|develop|plan|list|name|give|provide|describe|explain|summari[sz]e|tell|translate|rewrite|imagine|pretend|act|suggest|recommend|help|find|calculate|compute|solve|evaluate|identify|analy[sz]e|compare|discuss|outline|propose|prepare|build|implement|construct|brainstorm|critique|review|edit|convert|classify|estimate|predict|share|argue|elaborate|answer|respond|reply)\b|^\s*(?:what|who|which|where|when|how|why|is|are|do|does|can|should|i (?:want|need|am|'m|have|would like)|i'd like|let's)\b/i;

/** An explicit reference to the assistant's answer. */
export const STRONG_REF_ML =
  /你(?:刚才|之前|上面)?(?:说|提到|写|算|给出)|你的(?:回答|答案|解释|方法|计算|步骤)|(?:上面|以上|之前)的(?:回答|答案|步骤|内容)|第[一二三四五六七八九十\d]+(?:步|点|个|行|段|句)|(?:这|那|上)一?步|(?:确定|肯定)吗|(?:不对|错了)|あなたの(?:答え|回答|説明)|(?:さっき|先ほど|上記)の|(?:ステップ|手順)\s*\d|本当(?:に|ですか)|dijiste|mencionaste|escribiste|calculaste|tu (?:respuesta|explicación|solución)|(?:el|la) (?:paso|punto) \d|¿estás seguro|tu as dit|vous avez dit|tu as mentionné|tu dis que|vous dites que|dices que|você (?:diz|disse) que|\bdu sagst\b|\b(?:was )?meinst du\b|\bmeinen sie\b|(?:ta|votre) (?:réponse|explication|solution)|(?:l'|la )étape \d|es-tu sûr|êtes-vous sûr|du hast (?:gesagt|geschrieben|erwähnt|berechnet)|sie haben (?:gesagt|geschrieben)|(?:deine|ihre) (?:antwort|erklärung|lösung)|(?:im )?schritt \d|bist du sicher|sind sie sicher|改(?:得|成|一下|短|长)|(?:写|说)得更|更(?:正式|简短|简洁|详细|口语化|礼貌)一?(?:点|些)|(?:少|多)(?:用)?一?(?:点|些)(?:表情|emoji)|\b(?:faz|fazer|faça|escreve|escrever|escreva|dá|dar|me dá|haz|hazme|escribe|escríbeme|dame) (?:mais )?(?:um |una? )?(?:outr[oa]|otr[oa])\b|\b(?:fais|écris|donne)(?:-moi)? (?:un|une) autre\b|\bnoch (?:ein|eine|einen)(?: weitere[ns]?| andere[ns]?)?\b|再(?:来|写|给|做)一(?:个|首|篇)|换一个|もう一つ|別の(?:案|例|バージョン)|하나 더|다른 (?:버전|예시)|(?:etwas|ein bisschen|bitte) (?:weniger|mehr|kürzer|länger|förmlicher|lockerer)\b|\bweniger emojis\b|\b(?:menos|más) emojis\b|\bmoins d'emojis\b|\b(?:menos|mais) emojis\b|\b(?:fewer|less|more|no) emojis\b|(?:もう少し|少し)(?:短く|長く|丁寧に|カジュアルに)|(?:좀|조금) 더 (?:짧게|길게|자세히|공손하게)|(?:もっと|より)(?:短く|詳しく|丁寧に|カジュアルに|フォーマルに)|書き直して|(?:más|un poco más) (?:corto|breve|formal|detallad[oa]|sencill[oa])|plus (?:court|formel|détaillé|simple)|(?:kürzer|formeller|ausführlicher|einfacher) (?:machen|schreiben|formulieren)|mais (?:curto|formal|detalhad[oa]|simples)|(?:바꾸|바꿔|고쳐|수정해|다시 써)|더 (?:짧게|길게|자세히|격식|공손)|você disse|você mencionou|(?:sua|a sua) (?:resposta|explicação|solução)|(?:no )?passo \d|tem certeza|말씀하신|(?:위|앞)의 (?:답변|설명)|\d단계|확실한가요|정말(?:인가요|요)/iu;

/**
 * A conversational hook: why, what if, and, then; a question whose subject is left out or is "it" ("¿Funciona con…?",
 * "ça marche…", "それは…"). firstCue scans it with signals/weak-ref-ml-scan.ts, which spells its alternatives again: edit both.
 */
export const WEAK_REF_ML =
  /^(?:(?:那|那么|但是|可是|为什么|如果|还有)|(?:じゃあ|では|でも|なぜ|どうして|もし))|为什么|为何|如果.*(?:会|呢)|呢[？?]|なぜ|どうして|もし.*(?:たら|ば)|¿por qué|\by si\b|¿y (?:si|qué|cómo)|pourquoi|\bet si\b|\bwarum\b|\bwieso\b|\bwas wäre,? wenn\b|\bund wenn\b|\bpor que\b|^e (?:se|quanto|como|o que)\b|\be se\b|^(?:그럼|그러면|그런데|근데)|왜|만약|(?:もう少し|もっと)詳しく|(?:更|再)详细|详细(?:一点|一些|说说|解释)|(?:좀|조금|더) 자세히|\bm[aá]s detalles?\b|\bplus de détails\b|\b(?:genauer|mehr details)\b|\bmais detalhes\b|^¿?(?:funciona|sirve|vale|cambia|afecta|incluye|serve|muda|inclui|dá (?:pra|para))\b|^(?:est-ce que )?ça (?:marche|fonctionne|change|vaut|inclut)\b|^(?:funktioniert|geht|klappt|gilt) (?:das|es)\b|^(?:这个|那个|它)|^(?:それ|これ)(?:は|って|も)|^(?:이것|그것|이거|그거)|대신|(?:으면|면) [^?？]*[?？]|(?:だったら|としたら|だとしたら|の場合(?:は|だと))|(?:すると|入れると|にすると|にしたら|したら|だと)[^？?]*[？?]|(?:라면|이라면|경우에는)/iu;

/**
 * heuristic-v10: the two lists above in twelve more languages (Russian, Ukrainian, Italian, Polish, Turkish,
 * Indonesian, Vietnamese, Greek, Arabic, Hebrew, Hindi, Thai): "you said", "your answer", "are you sure", "step 2";
 * and why, what if, "and if". Written from the languages' usage, not from any labelled set.
 * heuristic-v11: Arabic قلت/ذكرت/كتبت is "I said/wrote" as much as "you said/wrote" without vowels, and sits inside
 * other words (انتقلت "moved", تذكرت "remembered", مكتبتي "my library"): now only as a word, with "you" (أنت),
 * "as" (كما), "that" (أن/إن) or the vowel of "you" (قلتَ). Thai แน่ใจ alone also matched ไม่แน่ใจ ("not sure"): now
 * "are you sure" (คุณแน่ใจ, แน่ใจไหม/หรือ/เหรอ/นะ).
 */
export const STRONG_REF_MORE =
  /(?:вы|ты) (?:сказал|написал|упомянул|посчитал)|(?:ваш|твой) (?:ответ|расчёт|расчет|пример)|в (?:вашем|твоём|твоем) ответе|шаг(?:е)? \d|(?:вы|ты) уверен|(?:ви|ти) (?:сказали|сказав|написали)|(?:ваша|твоя) відповідь|\bhai (?:detto|scritto|calcolato)\b|\b(?:la tua|la sua) (?:risposta|spiegazione|soluzione)\b|\bsei sicur[oa]\b|\bpowiedzia(?:łeś|łaś)|\btwoja odpowied|\bjeste(?:ś) pewien|\b(?:dediniz|dedin|yazdın|yazdınız)\b|\bcevab(?:ınız|ın)\b|\bemin misin(?:iz)?\b|\b(?:kamu|anda) (?:bilang|menulis|menyebut)\b|\bjawaban(?:mu| anda| kamu)\b|bạn (?:nói|viết|tính)|câu trả lời của bạn|bạn (?:có )?chắc|(?:είπες|είπατε|έγραψες)|η απάντησή (?:σου|σας)|είσαι σίγουρ|(?<!\p{L})(?:(?:أنت|انت) (?:قلت|ذكرت|كتبت)|[وف]?(?:كما|مثلما) (?:قلت|ذكرت)|[وف]?(?:لقد )?(?:قلت|ذكرت)(?: لي)? (?:أن|إن|ان))|قلتَ|ذكرتَ|كتبتَ|إجابتك|هل أنت متأكد|(?:אמרת|כתבת)|התשובה שלך|(?:אתה|את) (?:בטוח|בטוחה)|आपने (?:कहा|लिखा|बताया)|(?:आपका|आपके) (?:जवाब|उत्तर)|क्या आप (?:निश्चित|पक्का)|คุณ(?:บอก|เขียน)ว่า|คำตอบของคุณ|คุณแน่ใจ|(?<!ไม่)แน่ใจ(?:ไหม|มั้ย|หรือ|เหรอ|นะ)/iu;

/**
 * heuristic-v14: what the assistant made, named as the other party's ("your code", "tu código", "deinen Code", "你的代码",
 * "あなたのコード", "ваш код", "आपका कोड", "كودك"), and Korean "you said" in the honorific ("…다고 하셨는데", "주신 코드").
 */
export const STRONG_REF_YOURS =
  /你(?:的|给的|写的)(?:代码|程序|函数|脚本|公式|例子|方案|建议|版本|思路|解法)|あなたの(?:コード|プログラム|関数|例|案|方法)|(?:ваш|твой|вашу|твою|вашей|твоей|вашем|твоём|твоем) (?:код|программ|функци|скрипт|решени|формул|совет|вариант)|\b(?:tu|su) (?:código|programa|función|script|fórmula|ejemplo|versión|método|cálculo)\b|\b(?:ton|votre) (?:code|programme|script|exemple|calcul|raisonnement)\b|\b(?:deinen|ihren|dein|ihr) (?:code|ansatz|vorschlag|programm|skript|beispiel)\b|\b(?:deine|ihre) (?:funktion|rechnung|formel|version|methode)\b|(?:आपका|आपके|आपकी) (?:कोड|प्रोग्राम|फ़ंक्शन|फंक्शन|तरीका|उदाहरण|गणना)|(?:كودك|برنامجك|طريقتك|حسابك|مثالك|شرحك)|(?:다고|라고|이라고) 하셨(?:는데|지만|잖아요|죠|어요|습니다)|(?:주신|알려 ?주신|작성해 ?주신|설명해 ?주신) (?:코드|답변|설명|방법|예시|풀이)/iu;

export const WEAK_REF_MORE =
  /(?:^|[\s,.!?])(?:почему|зачем|а если|а что если|что если|а как же|(?:а |и )?как (?:это|оно|они)|чому|а якщо|що якщо)(?![\p{L}])|\b(?:perch[eé]|come mai|e se|ma se|cosa succede se)\b|\b(?:dlaczego|czemu|a co je[sś]li|a je[sś]li)\b|\b(?:neden|niçin|peki ya|peki)\b|\b(?:kenapa|mengapa|bagaimana kalau|kalau begitu|terus kalau)\b|(?:tại sao|vì sao|còn nếu|nếu vậy thì)|(?:γιατί|κι αν|και αν|τι γίνεται αν)|(?:لماذا|ماذا لو|وماذا لو|وإذا)|(?:למה|מה אם|ומה אם)|(?:क्यों|अगर .{0,40}तो)|(?:ทำไม|แล้วถ้า)/iu;

/**
 * heuristic-v7: an explicit reference that names what the assistant already wrote ("your previous response", "you
 * said", "above", "step 2", any reference in another language). Deictic cues ("summarize this", "is this correct",
 * "the last one") are not among them: in a turn that brings its own material they point at that material.
 */
export const PAST_REF = /\byour?\b|\babove\b|\bprevious|\bearlier\b|\bso far\b|\b(?:step|part|point|line|paragraph|section|option|example|item|bullet) (?:\d|one|two|three)|[^\x00-\x7f]/i;

/** heuristic-v7: "your answer" as the reply still to come, in task boilerplate ("give your answer…", "your response must…"). */
export const FUTURE_REF =
  /\b(?:give|make|wrap|put|format|end|start|begin|write|keep|provide|include|choose|finish)\s+(?:\w+\s+)?your\b|\byour (?:\w+ )?(?:response|answer|reply|output|explanation|essay|text)\s+(?:must|should|needs?|has to|have to|will|shall|in\b|with\b|wrapped|contains?|is to)\b/i;

/** Days and months: capitalised, but they tie no two word problems together ("On Friday…"). */
export const CALENDAR_NAME = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * heuristic-v7: how a user's own turn starts (a pronoun, "I", a discourse marker, a question word, "if"), as opposed
 * to the first sentence of a word problem ("Lorie earns $10 per hour.", "A shoe store was having a sale.").
 */
export const NOT_A_PROBLEM_OPENING =
  /^\W*(?:i|i'm|i've|i'd|we|my|our|you|your|if|suppose|assuming|what|why|how|so|and|but|or|ok|okay|sure|yes|no|wait|hmm+|thanks|thank|then|also|now|let|let's|here|here's|is|are|does|do|did|can|could|would|should|will|please|again|great|hi|hello|hey|actually|sorry|oh|ah|in|for|with|that|this|these|those|it|they|he|she)\b/i;
