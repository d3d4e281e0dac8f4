/**
 * What the simulator understands of a raw prompt. Three template shapes: ChatML (Qwen), harmony (gpt-oss) and
 * GLM-style role headers with no end-of-turn token.
 */
export type PromptFormat = 'chatml' | 'harmony' | 'glm';

export interface ParsedPrompt {
  /** Which turn the prompt opens. */
  turn: 'assistant' | 'user' | 'unknown';
  /** The first user message q. */
  question: string;
  /** The assistant message a (user-turn prompts only). */
  answer: string;
  format: PromptFormat;
  /** The prompt ends inside an opened <think> block (Qwen3.5's default generation prompt). */
  opensThink: boolean;
}

const CHATML = /<\|im_start\|>(user|assistant|system)\n([\s\S]*?)<\|im_end\|>/g;
const HARMONY = /<\|start\|>(user|assistant|system|developer)(?:<\|channel\|>(\w+))?<\|message\|>([\s\S]*?)<\|(?:end|return)\|>/g;
const GLM = /<\|(user|assistant|system)\|>\n?([\s\S]*?)(?=<\|(?:user|assistant|system|observation)\|>|$)/g;

function formatOf(prompt: string): PromptFormat | null {
  if (prompt.includes('<|im_start|>')) return 'chatml';
  if (prompt.includes('<|start|>')) return 'harmony';
  if (/<\|(user|assistant)\|>/.test(prompt)) return 'glm';
  return null;
}

export function parsePrompt(prompt: string): ParsedPrompt {
  const format = formatOf(prompt);
  const msgs: Array<{ role: string; content: string }> = [];
  let turn: ParsedPrompt['turn'] = 'unknown';
  let opensThink = false;
  if (format === 'chatml') {
    for (const m of prompt.matchAll(CHATML)) msgs.push({ role: m[1]!, content: m[2]! });
    const tail = prompt.slice(prompt.lastIndexOf('<|im_start|>'));
    opensThink = /^<\|im_start\|>assistant\n<think>\n$/.test(tail);
    turn = /^<\|im_start\|>assistant\n(<think>\n\n<\/think>\n\n|<think>\n)?$/.test(tail) ? 'assistant' : /^<\|im_start\|>user\n$/.test(tail) ? 'user' : 'unknown';
  } else if (format === 'harmony') {
    for (const m of prompt.matchAll(HARMONY)) if (m[1] !== 'assistant' || m[2] === 'final') msgs.push({ role: m[1]!, content: m[3]! });
    turn = /<\|start\|>assistant$/.test(prompt) ? 'assistant' : /<\|start\|>user<\|message\|>$/.test(prompt) ? 'user' : 'unknown';
  } else if (format === 'glm') {
    for (const m of prompt.matchAll(GLM)) msgs.push({ role: m[1]!, content: m[2]! });
    const last = msgs.at(-1);
    // The prompt ends with an empty, just-opened turn.
    if (last && last.content.trim() === '') {
      turn = last.role === 'assistant' ? 'assistant' : last.role === 'user' ? 'user' : 'unknown';
      msgs.pop();
    }
  }
  const q = msgs.find((m) => m.role === 'user')?.content ?? (turn === 'unknown' ? prompt : '');
  const a = msgs.find((m) => m.role === 'assistant')?.content ?? '';
  return { turn, question: q, answer: a.replace(/^<think>[\s\S]*?<\/think>\s*/, ''), format: format ?? 'chatml', opensThink };
}
