export type ReasoningMode = 'none' | 'think_tags' | 'harmony';

/**
 * The final answer only: reasoning never enters the user-turn context (PROBE.md step 1).
 * think_tags: drop everything up to the last </think> (an unclosed <think> leaves an empty answer).
 * harmony: keep the text of the last `final` channel message; without one, the answer is empty.
 */
export function stripReasoning(text: string, mode: ReasoningMode, promptOpensThink = false): string {
  if (mode === 'think_tags') {
    const close = text.lastIndexOf('</think>');
    if (close >= 0) return text.slice(close + '</think>'.length).replace(/^\s+/, '');
    // Unclosed reasoning (cut by max_tokens): there is no final answer.
    if (promptOpensThink || /^\s*<think>/.test(text)) return '';
    return text;
  }
  if (mode === 'harmony') {
    const marker = /<\|channel\|>\s*final\s*(?:<\|constrain\|>[^<]*)?<\|message\|>/g;
    let last = -1;
    for (let m = marker.exec(text); m; m = marker.exec(text)) last = m.index + m[0].length;
    if (last < 0) return /<\|channel\|>/.test(text) ? '' : text;
    const rest = text.slice(last);
    const end = rest.search(/<\|(?:end|return|call|start)\|>/);
    return (end >= 0 ? rest.slice(0, end) : rest).trim();
  }
  return text;
}
