import { renderInThisThread } from './render-core.ts';
import type { ChatTemplate, RenderRequest, RenderResponse } from './render-types.ts';

/**
 * The process that renders chat templates (submitter-controlled code for the jinja interpreter). It runs with a
 * small heap (--max-old-space-size) and is killed by its parent on timeout; an out-of-memory crash ends only this
 * process. One request at a time over IPC.
 */
const maxChars = Number(process.env.USERTURN_TEMPLATE_MAX_CHARS ?? 4 * 1024 * 1024);

/** The templates this process has been sent, by id (each comes once). */
const templates = new Map<number, ChatTemplate>();

process.on('message', (req: RenderRequest) => {
  let res: RenderResponse;
  if (req.template) templates.set(req.templateId, req.template);
  try {
    const tpl = templates.get(req.templateId);
    if (!tpl) throw new Error(`template ${req.templateId} was never sent`);
    const text = renderInThisThread(tpl, req.messages, req.addGenerationPrompt, req.kwargs);
    res = text.length > maxChars ? { ok: false, message: `the rendered prompt is longer than ${maxChars} characters` } : { ok: true, text };
  } catch (e) {
    const err = e as Error;
    const what = err instanceof RangeError ? `${err.message} (recursion or output too large?)` : err.message;
    res = { ok: false, message: String(what ?? e).split('\n')[0]!.slice(0, 300) };
  }
  process.send!(res);
});
process.on('disconnect', () => process.exit(0));
