import { cutAtStops, visibleRemnant } from '../templates/cut.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where a returned user turn runs on into the next turn, or null. A whole end-of-turn marker or role header in
 * the text (runners/templates/cut.ts) is one; so is, on an engine that returns text without special tokens
 * (llama.cpp without --special, TGI not streamed), a role header's visible rest standing on a line of its own
 * (`<|im_start|>assistant` shows as a line "assistant"). A rest at the very end of a turn the engine stopped is
 * the engine applying the stop (TGI keeps the stop's text), not a run-on.
 */
export function runOnAt(text: string, markers: readonly string[], finishReason: string, stopRemnants: boolean): { marker: string; at: number } | null {
  const cut = cutAtStops(text, markers, { finishReason, stopRemnants });
  if (cut.cut?.kind === 'marker') return { marker: cut.cut.marker, at: cut.text.length };
  const body = cut.text;
  for (const m of markers) {
    const rest = visibleRemnant(m);
    if (rest === '' || rest === m.trim()) continue;
    const hit = new RegExp(`(^|\\n)[ \\t]*${escape(rest)}[ \\t]*(\\n|$)`).exec(body);
    if (hit) return { marker: rest, at: hit.index };
  }
  return null;
}
