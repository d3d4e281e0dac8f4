/** The shapes a render and its reply have, shared by the caller (render.ts) and the render process's two paths. */

/** A chat template and the special tokens it refers to (from tokenizer_config.json, or none for a bare .jinja file). */
export interface ChatTemplate {
  source: string;
  template: string;
  bos_token: string | null;
  eos_token: string | null;
}

export interface ChatMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

/**
 * A render as it travels to the render process (through the broker for a synchronous one): the template (4 KB for
 * Qwen's) only the first time the receiver sees its id, then the id alone; render-process.ts re-sends it to a
 * restarted render process.
 */
export interface RenderRequest {
  templateId: number;
  template?: ChatTemplate;
  messages: ChatMessage[];
  addGenerationPrompt: boolean;
  kwargs: Record<string, unknown>;
}
export type RenderResponse = { ok: true; text: string } | { ok: false; message: string };

/** What the render process sends once, when it can take renders: a batch's time limit starts then. */
export const READY = 'ready';
