import { detect } from 'tinyld';

/**
 * Language identification for IFEval's `language:response_language`, `change_case:english_capital` and
 * `change_case:english_lowercase`. The reference uses Python `langdetect` (a port of Shuyo's language-detection,
 * 55 languages, randomised); we use `tinyld` (pure JS, deterministic, ISO 639-1 codes). The reference counts an
 * undetectable text as following the instruction; so do we (tinyld returns '' then).
 * Divergence: the two detectors disagree on short, mixed-language or code-heavy texts.
 */
export function detectLanguage(text: string): string | null {
  try {
    // Cap the input: detection on the first 20k characters is as good and keeps 1 MB inputs fast.
    const code = detect(text.length > 20_000 ? text.slice(0, 20_000) : text);
    return code ? code : null;
  } catch {
    return null;
  }
}
