import type { Perturbation } from '../../src/schema/index.ts';

/** Cut `text` to `fraction` of its characters; on a word boundary, back to the last whitespace before the cut. */
export function truncateText(text: string, fraction: number, boundary: 'word' | 'char'): string {
  let cut = Math.floor(text.length * fraction);
  // Never between the two halves of a surrogate pair: a lone surrogate is not text (servers cannot tokenize it).
  if (cut > 0 && cut < text.length && /[\ud800-\udbff]/.test(text[cut - 1]!) && /[\udc00-\udfff]/.test(text[cut]!)) cut--;
  if (boundary === 'char') return text.slice(0, cut);
  const head = text.slice(0, cut);
  // Already on a boundary when the next character is whitespace.
  if (cut < text.length && /\s/.test(text[cut]!)) return head.trimEnd();
  const ws = head.search(/\s\S*$/);
  return (ws > 0 ? head.slice(0, ws) : head).trimEnd();
}

/** The assistant turn as placed in the user-turn context under a condition; null when the item has no reference. */
export function perturb(answer: string, p: Perturbation, reference: string | null): string | null {
  switch (p.kind) {
    case 'none':
      return answer;
    case 'truncate':
      return truncateText(answer, p.fraction, p.boundary);
    case 'append':
      return `${answer}${p.separator}${p.text}`;
    case 'reference':
      return reference;
  }
}
