import { franc } from 'franc';

/**
 * Language identification for IFEval's `language:response_language`, `change_case:english_capital` and
 * `change_case:english_lowercase`. The reference uses Python `langdetect` (a port of Shuyo's language-detection with
 * 55 language profiles); we use `franc` (trigram profiles for 187 languages plus script detection) restricted to the
 * same 55 languages, and map its ISO 639-3 answer to langdetect's ISO 639-1 codes. The reference counts an
 * undetectable text as following the instruction; so do we (franc answers 'und' then).
 * Divergences: the detectors can disagree on short, mixed-language or code-heavy texts, and between close languages
 * (Nepali / Hindi / Marathi, Bokmål / Nynorsk); langdetect's Welsh profile has no franc counterpart.
 */
const TO_639_1: Record<string, string> = {
  afr: 'af', arb: 'ar', bul: 'bg', ben: 'bn', cat: 'ca', ces: 'cs', dan: 'da', deu: 'de', ell: 'el', eng: 'en',
  spa: 'es', ekk: 'et', pes: 'fa', fin: 'fi', fra: 'fr', guj: 'gu', heb: 'he', hin: 'hi', hrv: 'hr', hun: 'hu',
  ind: 'id', ita: 'it', jpn: 'ja', kan: 'kn', kor: 'ko', lit: 'lt', lvs: 'lv', mkd: 'mk', mal: 'ml', mar: 'mr',
  npi: 'ne', nld: 'nl', nob: 'no', nno: 'no', pan: 'pa', pol: 'pl', por: 'pt', ron: 'ro', rus: 'ru', slk: 'sk',
  slv: 'sl', som: 'so', als: 'sq', swe: 'sv', swh: 'sw', tam: 'ta', tel: 'te', tha: 'th', tgl: 'tl', tur: 'tr',
  ukr: 'uk', urd: 'ur', vie: 'vi', cmn: 'zh-cn',
};
const ONLY = Object.keys(TO_639_1);

/** ISO 639-1 code of the text's language (langdetect's codes), or null when it cannot be told. */
export function detectLanguage(text: string): string | null {
  try {
    // The first 20k characters decide as well as the whole text and keep 1 MB inputs fast.
    const code = franc(text.length > 20_000 ? text.slice(0, 20_000) : text, { only: ONLY, minLength: 1 });
    return TO_639_1[code] ?? null;
  } catch {
    return null;
  }
}
