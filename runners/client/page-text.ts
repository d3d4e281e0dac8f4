/** Whether an error body is an HTML page (a proxy's or load balancer's, not the engine's JSON). */
export const isHtmlPage = (s: string): boolean => /<(!doctype html|html[\s>])/i.test(s);

/**
 * An HTML page in a few words for a sample's reason: its title, else its text, on one line. nginx's 502 page put
 * seven lines of markup into every failed sample's reason ("HTTP 502: 502 <html>\r\n<head><title>…"), cut at 200
 * characters wherever that fell.
 */
export function pageText(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  const text = title !== undefined && title.trim() !== '' ? title : html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  return `an HTML page: "${text.replace(/\s+/g, ' ').trim().slice(0, 120)}"`;
}
