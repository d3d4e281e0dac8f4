import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/** Render Markdown the way GitHub does (CommonMark + GFM: tables, autolink literals, …), raw HTML allowed through. */
export function renderGfm(md: string): string {
  return micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()], allowDangerousHtml: true });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
export const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e]!);

/** Tag names that appear in rendered HTML. */
export const tagNames = (html: string) => [...new Set(Array.from(html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)\b/g), (m) => m[1]!.toLowerCase()))];

/** Rendered text outside <code>/<pre>, tags removed, entities decoded: where GitHub would look for mentions. */
export const proseText = (html: string) => decode(html.replace(/<pre>[\s\S]*?<\/pre>/g, ' ').replace(/<code>[\s\S]*?<\/code>/g, ' ').replace(/<[^>]+>/g, ' '));

/** What GitHub turns into a link or a notification when it appears in rendered prose. */
export function linkTriggers(prose: string): string[] {
  const found: string[] = [];
  for (const re of [/@[A-Za-z0-9]/, /#[0-9]/, /[A-Za-z][A-Za-z0-9+.-]*:\/\//, /\bwww\./i, /\bmailto:/i, /\bGH-[0-9]/i]) {
    const m = re.exec(prose);
    if (m) found.push(m[0]);
  }
  return found;
}
