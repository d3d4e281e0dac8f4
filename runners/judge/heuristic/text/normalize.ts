/** Normalisation and light stemming: the first step of every comparison the heuristic rules make. */

/** Any character outside ASCII: ASCII text is its own NFKC form and has no curly quotes or dashes to fold. */
export const NON_ASCII = /[^\x00-\x7f]/;

/** NFKC, lowercase, curly quotes and dashes folded. */
export function normalize(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-');
}

/** Very light stemming so "eggs"/"egg", "selling"/"sell", "computed"/"compute" meet. */
export function stem(word: string): string {
  if (/^\d/.test(word)) return word;
  let w = word;
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es') && /(sh|ch|x|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}
