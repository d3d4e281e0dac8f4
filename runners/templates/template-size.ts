import type { ChatTemplate } from './render-types.ts';

/**
 * The most bytes (UTF-8) a chat template may have, checked before it is rendered. The largest real one known here is
 * gpt-oss's, 16,738 bytes (../shared/templates; Qwen 3.5's is 7,756, Llama 3.1's 4,614): 256 KiB is 15 times that. A
 * template far larger was refused only by the render process's heap, as "a loop or recursion" (4 MiB of plain text
 * is), and 1 MiB of `{{x}}` took 4.9 s of the 5 s limit to parse; 256 KiB of plain text, `{{x}}`, `{% if %}` or
 * `{% set %}` tags rendered in 0.3-0.6 s (measured 2026-11-27 on the shared 2-core machine).
 */
export const MAX_TEMPLATE_BYTES = 256 * 1024;

const sizes = new WeakMap<ChatTemplate, number>();

/** Why `tpl` is too large to render, or null. The size is measured once per template object (a run renders thousands). */
export function templateSizeProblem(tpl: ChatTemplate): string | null {
  let bytes = sizes.get(tpl);
  if (bytes === undefined) sizes.set(tpl, (bytes = Buffer.byteLength(tpl.template, 'utf8')));
  if (bytes <= MAX_TEMPLATE_BYTES) return null;
  return `is ${bytes} bytes, more than the ${MAX_TEMPLATE_BYTES} (${MAX_TEMPLATE_BYTES / 1024} KiB) a chat template may have (the largest real one known, gpt-oss's, is 16,738 bytes); it was not rendered`;
}
