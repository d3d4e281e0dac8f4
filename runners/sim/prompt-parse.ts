/** What the simulator understands of a raw prompt rendered with a ChatML-style template (Qwen3's). */
export interface ParsedPrompt {
  /** Which turn the prompt opens. */
  turn: 'assistant' | 'user' | 'unknown';
  /** The first user message q. */
  question: string;
  /** The assistant message a (user-turn prompts only). */
  answer: string;
}

const MSG = /<\|im_start\|>(user|assistant|system)\n([\s\S]*?)<\|im_end\|>/g;

export function parsePrompt(prompt: string): ParsedPrompt {
  const msgs: Array<{ role: string; content: string }> = [];
  for (const m of prompt.matchAll(MSG)) msgs.push({ role: m[1]!, content: m[2]! });
  const tail = prompt.slice(prompt.lastIndexOf('<|im_start|>'));
  const turn = /^<\|im_start\|>assistant\n(<think>\n\n<\/think>\n\n)?$/.test(tail) ? 'assistant' : /^<\|im_start\|>user\n$/.test(tail) ? 'user' : 'unknown';
  const q = msgs.find((m) => m.role === 'user')?.content ?? (turn === 'unknown' ? prompt : '');
  const a = msgs.find((m) => m.role === 'assistant')?.content ?? '';
  return { turn, question: q, answer: a.replace(/^<think>[\s\S]*?<\/think>\s*/, '') };
}
