/**
 * Why this exists: the simulator's generator reads raw prompts only (prompt-parse.ts), and the runner always sends
 * raw prompts to /v1/completions, rendered with the submission's real template. A chat request for the served
 * model (a person trying the simulator with an ordinary chat client) has no template to render with, so it is
 * spelled in ChatML, the simplest of the formats the generator parses. Nothing the benchmark measures goes
 * through here.
 */
export function chatmlPrompt(messages: ReadonlyArray<{ role?: string; content?: unknown }>): string {
  const turns = messages.map((m) => `<|im_start|>${m.role}\n${typeof m.content === 'string' ? m.content : ''}<|im_end|>\n`);
  return `${turns.join('')}<|im_start|>assistant\n`;
}
