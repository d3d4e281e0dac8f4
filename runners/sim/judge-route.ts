/**
 * Chat completions for simulated judge models (model names starting with "judge").
 * PLACEHOLDER owned by the judge engineer: returns a valid chat completion with a fixed label; the judge issue
 * replaces this body with scripted judge behaviour.
 */
export function handleJudgeChat(body: unknown): unknown {
  const model = typeof (body as { model?: unknown })?.model === 'string' ? (body as { model: string }).model : 'judge';
  return {
    id: 'chatcmpl-sim-judge',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: JSON.stringify({ label: 'generic_closing', rationale: 'placeholder judge', evidence_span: null }) },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}
