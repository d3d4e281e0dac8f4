/**
 * Cue lists for turns not written in English: Chinese, Japanese, Spanish, French and German. Each list is one
 * regex per family; the rules treat a hit like the English cue of the same family. Words are matched on
 * NFKC-normalised text (full-width punctuation folded), case-insensitively.
 */

/** Acknowledgements and sign-offs that reference nothing (generic_closing when nothing else is left). */
export const CLOSING_ML =
  /^(?:谢谢(?:你|您)?(?:的(?:帮助|解答|回答))?|多谢|感谢(?:你|您)?(?:的(?:帮助|解答))?|明白了|懂了|好的|太好了|非常感谢|ありがとう(?:ございます|ございました)?|どうも|わかりました|分かりました|了解(?:です|しました)?|なるほど|助かりました|(?:muchas )?gracias(?: por (?:la|tu|su) (?:ayuda|explicación|respuesta))?|perfecto|entendido|genial|vale|de acuerdo|merci(?: beaucoup| bien)?(?: pour (?:ton|votre|l'|la) ?(?:aide|explication|réponse))?|parfait|super|d'accord|compris|génial|(?:vielen )?dank(?:e)?(?: schön| sehr)?(?: für (?:die|deine|ihre) (?:hilfe|erklärung|antwort))?|perfekt|alles klar|verstanden|prima|toll|(?:muito )?obrigad[oa](?: pela ajuda| pelas dicas)?|show(?: de bola)?|top|massa|valeu|perfeito|entendi|ótimo|beleza|감사합니다|감사해요|고마워요|고맙습니다|알겠습니다|알겠어요|그렇군요|이해했어요)(?:[\s,.!。！、~…]+|$)/iu;

/** The model speaking as the assistant: offers of help, hopes it helped, "as an AI". */
export const VOICE_ML: RegExp[] = [
  /希望(?:这|这些|以上|我的回答)?(?:对你|对您)?有(?:所)?帮助|如果(?:你|您)还有(?:其他|任何)?(?:问题|疑问)|随时(?:告诉|问)我|有什么(?:可以|能)(?:帮|为)(?:你|您)|我(?:很)?(?:乐意|愿意)(?:帮助|为你|为您)|作为(?:一个)?(?:人工智能|AI|语言模型)/u,
  /お役に立て(?:れば|て)|他に(?:ご)?質問(?:があれば|がございましたら)|お気軽に(?:お尋ね|ご質問|どうぞ)|お手伝いでき(?:ること|れば)|AIとして|言語モデルとして|どういたしまして/u,
  /espero que (?:esto |esta |te |le |la )?(?:te |le )?(?:ayude|sirva|haya (?:ayudado|servido))|si tienes (?:alguna |más |otra )?pregunta|no dudes en (?:preguntar|contactar)|estoy aquí para ayudar|(?:con )?gusto te ayudo|como (?:una )?(?:ia|inteligencia artificial|modelo de lenguaje)|¿(?:hay )?algo más en (?:lo )?que (?:pueda|te pueda) ayudar/iu,
  /j'espère que (?:cela|ceci|ça) (?:vous |t')?aide|n'hésitez pas à|si vous avez d'autres questions|si tu as d'autres questions|je suis (?:là|ici) pour (?:vous |t')?aider|en tant qu'(?:ia|intelligence artificielle|assistant|modèle de langage)|avec plaisir|puis-je (?:vous|t') aider/iu,
  /ich hoffe,? (?:das|dies|es) hilft|(?:wenn|falls) (?:du|sie) (?:noch )?[^.?!]{0,30}fragen[^.?!]{0,30}ha(?:st|ben)|frag (?:einfach|gerne)|zögern sie nicht|lass(?: es)? mich wissen|ich helfe (?:dir|ihnen) gern|als (?:eine )?(?:ki|künstliche intelligenz|sprachmodell)|gern geschehen|kann ich (?:dir|ihnen) (?:noch )?(?:bei etwas|weiter)?helfen/iu,
];

/** Deliberation about the reply, or the user in the third person. */
export const PLANNING_ML: RegExp[] = [
  /用户(?:的(?:问题|请求|意思))?(?:想|要|问|希望|需要|提到|说|正在|可能)|我(?:应该|需要|得)(?:先)?(?:回答|回复|解释|考虑)|让我(?:想想|思考|分析)|首先，?我(?:需要|要|应该)/u,
  /ユーザー(?:は|が|の(?:質問|意図))|(?:回答|返答)(?:する|を考え)(?:必要|べき)|考えてみ(?:ます|よう)/u,
  /el usuario (?:quiere|pide|pregunta|está|necesita|desea|ha)|(?:debo|debería|tengo que|necesito) (?:responder|contestar|explicar(?:le)?)|déjame pensar|la respuesta debe/iu,
  /l'utilisateur (?:veut|demande|souhaite|a|est|cherche)|(?:je dois|je devrais|il faut que je) (?:répondre|expliquer)|laissez-moi réfléchir|la réponse doit/iu,
  /(?:der|die) (?:benutzer|nutzer|anwender)(?:in)? (?:möchte|will|fragt|hat|braucht|sucht|wünscht)|ich (?:sollte|muss) (?:antworten|erklären|zuerst)|lass mich (?:nachdenken|überlegen)|die antwort sollte/iu,
];

/** An explicit reference to the assistant's answer. */
export const STRONG_REF_ML =
  /你(?:刚才|之前|上面)?(?:说|提到|写|算|给出)|你的(?:回答|答案|解释|方法|计算|步骤)|(?:上面|以上|之前)的(?:回答|答案|步骤|内容)|第[一二三四五六七八九十\d]+(?:步|点|个)|(?:确定|肯定)吗|(?:不对|错了)|あなたの(?:答え|回答|説明)|(?:さっき|先ほど|上記)の|(?:ステップ|手順)\s*\d|本当(?:に|ですか)|dijiste|mencionaste|escribiste|calculaste|tu (?:respuesta|explicación|solución)|(?:el|la) (?:paso|punto) \d|¿estás seguro|tu as dit|vous avez dit|tu as mentionné|(?:ta|votre) (?:réponse|explication|solution)|(?:l'|la )étape \d|es-tu sûr|êtes-vous sûr|du hast (?:gesagt|geschrieben|erwähnt|berechnet)|sie haben (?:gesagt|geschrieben)|(?:deine|ihre) (?:antwort|erklärung|lösung)|(?:im )?schritt \d|bist du sicher|sind sie sicher|改(?:得|成|一下|短|长)|(?:写|说)得更|更(?:正式|简短|简洁|详细|口语化|礼貌)一?(?:点|些)|(?:少|多)(?:用)?一?(?:点|些)(?:表情|emoji)|\b(?:faz|fazer|faça|escreve|escrever|escreva|dá|dar|me dá|haz|hazme|escribe|escríbeme|dame) (?:mais )?(?:um |una? )?(?:outr[oa]|otr[oa])\b|\b(?:fais|écris|donne)(?:-moi)? (?:un|une) autre\b|\bnoch (?:ein|eine|einen)(?: weitere[ns]?| andere[ns]?)?\b|再(?:来|写|给|做)一(?:个|首|篇)|换一个|もう一つ|別の(?:案|例|バージョン)|하나 더|다른 (?:버전|예시)|(?:etwas|ein bisschen|bitte) (?:weniger|mehr|kürzer|länger|förmlicher|lockerer)\b|\bweniger emojis\b|\b(?:menos|más) emojis\b|\bmoins d'emojis\b|\b(?:menos|mais) emojis\b|\b(?:fewer|less|more|no) emojis\b|(?:もう少し|少し)(?:短く|長く|丁寧に|カジュアルに)|(?:좀|조금) 더 (?:짧게|길게|자세히|공손하게)|(?:もっと|より)(?:短く|詳しく|丁寧に|カジュアルに|フォーマルに)|書き直して|(?:más|un poco más) (?:corto|breve|formal|detallad[oa]|sencill[oa])|plus (?:court|formel|détaillé|simple)|(?:kürzer|formeller|ausführlicher|einfacher) (?:machen|schreiben|formulieren)|mais (?:curto|formal|detalhad[oa]|simples)|(?:바꾸|바꿔|고쳐|수정해|다시 써)|더 (?:짧게|길게|자세히|격식|공손)|você disse|você mencionou|(?:sua|a sua) (?:resposta|explicação|solução)|(?:no )?passo \d|tem certeza|말씀하신|(?:위|앞)의 (?:답변|설명)|\d단계|확실한가요|정말(?:인가요|요)/iu;

/** A conversational hook: why, what if, and, then; a question whose subject is left out or is "it" ("¿Funciona con…?", "ça marche…", "それは…"). */
export const WEAK_REF_ML =
  /^(?:(?:那|那么|但是|可是|为什么|如果|还有)|(?:じゃあ|では|でも|なぜ|どうして|もし))|为什么|为何|如果.*(?:会|呢)|呢[？?]|なぜ|どうして|もし.*(?:たら|ば)|¿por qué|\by si\b|¿y (?:si|qué|cómo)|pourquoi|\bet si\b|\bwarum\b|\bwieso\b|\bwas wäre,? wenn\b|\bund wenn\b|\bpor que\b|^e (?:se|quanto|como|o que)\b|\be se\b|^(?:그럼|그러면|그런데|근데)|왜|만약|^¿?(?:funciona|sirve|vale|cambia|afecta|incluye|serve|muda|inclui|dá (?:pra|para))\b|^(?:est-ce que )?ça (?:marche|fonctionne|change|vaut|inclut)\b|^(?:funktioniert|geht|klappt|gilt) (?:das|es)\b|^(?:这个|那个|它)|^(?:それ|これ)(?:は|って|も)|^(?:이것|그것|이거|그거)|대신|(?:으면|면) [^?？]*[?？]|(?:だったら|としたら|だとしたら|の場合(?:は|だと))|(?:すると|入れると|にすると|にしたら|したら|だと)[^？?]*[？?]|(?:라면|이라면|경우에는)/iu;
