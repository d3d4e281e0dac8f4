/**
 * Cue lists for turns not written in English: Chinese, Japanese, Spanish, French and German. Each list is one
 * regex per family; the rules treat a hit like the English cue of the same family (the reference cues, which the
 * signals read, are STRONG_REF_ML and WEAK_REF_ML in signals/cues.ts). Words are matched on
 * NFKC-normalised text (full-width punctuation folded), case-insensitively.
 */

/** Acknowledgements and sign-offs that reference nothing (generic_closing when nothing else is left). */
export const CLOSING_ML =
  /^(?:谢谢(?:你|您)?(?:的(?:帮助|解答|回答))?|多谢|感谢(?:你|您)?(?:的(?:帮助|解答))?|明白了|懂了|好的|太好了|非常感谢|ありがとう(?:ございます|ございました)?|どうも|わかりました|分かりました|了解(?:です|しました)?|なるほど|助かりました|(?:muchas )?gracias(?: por (?:la|tu|su) (?:ayuda|explicación|respuesta))?|perfecto|entendido|genial|vale|de acuerdo|merci(?: beaucoup| bien)?(?: pour (?:ton|votre|l'|la) ?(?:aide|explication|réponse))?|parfait|super|d'accord|compris|génial|(?:vielen )?dank(?:e)?(?: schön| sehr)?(?: für (?:die|deine|ihre) (?:hilfe|erklärung|antwort))?|perfekt|alles klar|verstanden|prima|toll|(?:muito )?obrigad[oa](?: pela ajuda| pelas dicas)?|show(?: de bola)?|top|massa|valeu|perfeito|entendi|ótimo|beleza|감사합니다|감사해요|고마워요|고맙습니다|알겠습니다|알겠어요|그렇군요|이해했어요)(?:[\s,.!。！、~…]+|$)/iu;

/** The model speaking as the assistant: offers of help, hopes it helped, "as an AI". */
export const VOICE_ML: RegExp[] = [
  // heuristic-v8: the helper offering more ("tell me if you want an example"), in each language: an offer, not a request.
  /如果(?:你|您)?(?:需要|想)(?:我)?[^。！？!?]{0,24}(?:请|就|可以)?告诉我|需要我[^。！？!?]{0,16}吗|(?:必要|ご希望)(?:があれば|でしたら|なら)[^。]{0,24}(?:お知らせ|言って|お申し付け)ください|(?:싶으시면|필요하시면|원하시면)[^.!?]{0,30}(?:말씀해|알려) ?주세요|\b(?:dis-moi|dites-moi) si (?:tu|vous) (?:veux|voulez|souhaites?|souhaitez|as besoin|avez besoin)\b|\b(?:dime|avísame|házmelo saber) si (?:quieres|necesitas|te gustaría)\b|\bsag (?:mir )?(?:bescheid|gerne?),? (?:wenn|falls|ob) (?:du|sie)\b|\b(?:me avise|diga-me|me diga) se (?:quiser|precisar|você quiser|você precisar)\b/iu,
  /希望(?:这|这些|以上|我的回答)?(?:对你|对您)?有(?:所)?帮助|如果(?:你|您)还有(?:其他|任何)?(?:问题|疑问)|随时(?:告诉|问)我|有什么(?:可以|能)(?:帮|为)(?:你|您)|我(?:很)?(?:乐意|愿意)(?:帮助|为你|为您)|作为(?:一个)?(?:人工智能|AI|语言模型)/u,
  /お役に立て(?:れば|て)|他に(?:ご)?質問(?:があれば|がございましたら)|お気軽に(?:お尋ね|ご質問|どうぞ)|お手伝いでき(?:ること|れば)|AIとして|言語モデルとして|どういたしまして/u,
  /espero que (?:esto |esta |te |le |la )?(?:te |le )?(?:ayude|sirva|haya (?:ayudado|servido))|si tienes (?:alguna |más |otra )?pregunta|no dudes en (?:preguntar|contactar)|estoy aquí para ayudar|(?:con )?gusto te ayudo|como (?:una )?(?:ia|inteligencia artificial|modelo de lenguaje)|¿(?:hay )?algo más en (?:lo )?que (?:pueda|te pueda) ayudar/iu,
  /j'espère que (?:cela|ceci|ça) (?:vous |t')?aide|n'hésitez pas à|si vous avez d'autres questions|si tu as d'autres questions|je suis (?:là|ici) pour (?:vous |t')?aider|en tant qu'(?:ia|intelligence artificielle|assistant|modèle de langage)|avec plaisir|puis-je (?:vous|t') aider/iu,
  // heuristic-v9: offers and closings of the helper in each language ("我也可以继续解释", "いつでも聞いてくださいね",
  // "¿Quieres que escriba otra?", "Posso ajudar com mais…", "Soll ich dir…", "Ich hoffe, die Erklärung war…").
  /我(?:也)?可以(?:继续|再)(?:为你|给你|帮你)?(?:解释|说明|介绍|讲解|展开|写)|お気軽にお(?:聞き|問い合わせ|申し付け)ください|いつでも(?:聞いて|質問して|お聞き|ご質問)|¿(?:quieres|quiere|te gustaría|le gustaría) que (?:te |le )?(?:escriba|explique|haga|prepare|muestre|cuente|ayude|redacte|traduzca|resuma)(?![\p{L}])|\bposso (?:te |lhe )?ajudar (?:com|em) (?:mais|algo|outra)|\b(?:quer|gostaria) que eu\b|\b(?:voulez-vous|veux-tu|souhaitez-vous) que je\b|\bsoll ich (?:dir|ihnen)\b|\bmöchtest du,? dass ich\b|ich hoffe,? (?:die|meine|diese) (?:erklärung|antwort)(?:en)? (?:war|waren|ist|hilft|hat)/iu,
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
