import { renderInThisThread } from './render-core.ts';
import { renderMaxChars } from './max-chars.ts';
import { READY, type ChatTemplate, type RenderRequest, type RenderResponse } from './render-types.ts';

/**
 * The process that renders chat templates (submitter-controlled code for the jinja interpreter). It runs with a
 * small heap (--max-old-space-size) and is killed by its parent on timeout; an out-of-memory crash ends only this
 * process. Renders come in batches (render-process.ts), each answered with one message of replies in the same order.
 */
const maxChars = renderMaxChars();

/** The templates this process has been sent, by id (each comes once). */
const templates = new Map<number, ChatTemplate>();

function renderOne(req: RenderRequest): RenderResponse {
  if (req.template) templates.set(req.templateId, req.template);
  try {
    const tpl = templates.get(req.templateId);
    if (!tpl) throw new Error(`template ${req.templateId} was never sent`);
    const text = renderInThisThread(tpl, req.messages, req.addGenerationPrompt, req.kwargs);
    return text.length > maxChars ? { ok: false, message: `the rendered prompt is longer than ${maxChars} characters` } : { ok: true, text };
  } catch (e) {
    const err = e as Error;
    const what = err instanceof RangeError ? `${err.message} (recursion or output too large?)` : err.message;
    return { ok: false, message: String(what ?? e).split('\n')[0]!.slice(0, 300) };
  }
}

process.on('message', (batch: RenderRequest[]) => process.send!(batch.map(renderOne)));
process.on('disconnect', () => process.exit(0));
// The parent's time limit for a batch starts now: loading this process is not the template's time.
process.send!(READY);
