/** A streamed /v1/completions answer read back whole: the chunks' text joined, and the last finish reason given. */
export async function streamedCompletion(url: string, body: Record<string, unknown>): Promise<{ text: string; finish: string }> {
  const res = await fetch(`${url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, stream: true }) });
  let text = '';
  let finish = '';
  for (const line of (await res.text()).split('\n')) {
    const data = /^data: ?(.*)$/.exec(line)?.[1];
    if (!data || data === '[DONE]') continue;
    const c = (JSON.parse(data) as { choices: Array<{ text: string; finish_reason: string | null }> }).choices[0];
    text += c?.text ?? '';
    if (c?.finish_reason) finish = c.finish_reason;
  }
  return { text, finish };
}
