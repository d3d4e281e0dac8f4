/**
 * In-page accessibility checks for the rules axe-core rates critical or serious that this site can break: text
 * contrast (HTML and SVG text, per theme), names of images, SVG images, links, buttons and form fields, ARIA id
 * references, scrollable regions reachable by keyboard, list structure, nested interactive controls, focusable content
 * under aria-hidden, page language and title, zoomable viewport. axe-core is not a dependency of the project, so the
 * e2e suite runs these instead; each returns "rule: what, where". Runs in the browser: self-contained, no imports.
 */
export function a11yViolations(): string[] {
  const out: string[] = [];
  const where = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${id}${cls} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  };
  const visible = (el: Element): boolean => (el as HTMLElement).checkVisibility?.({ visibilityProperty: true, opacityProperty: true }) ?? true;
  const rgb = (c: string): [number, number, number, number] => {
    const m = c.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
    return [m[0] ?? 0, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1];
  };
  const lum = ([r, g, b]: number[]): number => {
    const f = (v: number) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
  };
  const background = (el: Element): number[] => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return [255, 255, 255, 1];
  };
  // color-contrast: every element with its own visible text.
  for (const el of document.querySelectorAll('body *')) {
    if (!visible(el) || el.closest('[aria-hidden="true"], .visually-hidden, title, desc, script, style, option')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    if (!own) continue;
    const cs = getComputedStyle(el);
    const svgText = el instanceof SVGElement;
    const fg = rgb(svgText ? cs.fill : cs.color);
    if (fg[3] === 0) continue;
    const bg = background(svgText ? (el.closest('svg') ?? el) : el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a! + 0.05) / (b! + 0.05);
    const size = parseFloat(cs.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5) - 0.01) out.push(`color-contrast: ${ratio.toFixed(2)}:1 at ${where(el)}`);
  }
  const named = (el: Element): boolean => {
    const lb = el.getAttribute('aria-labelledby');
    if (lb && lb.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return true;
    if (el.getAttribute('aria-label')?.trim() || el.getAttribute('title')?.trim()) return true;
    if (el instanceof HTMLImageElement) return el.hasAttribute('alt');
    if (el.tagName.toLowerCase() === 'svg') return !!el.querySelector(':scope > title')?.textContent?.trim();
    if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
      return !!el.closest('label') || (!!el.id && !!document.querySelector(`label[for="${CSS.escape(el.id)}"]`));
    }
    return !!(el as HTMLElement).innerText?.trim() || [...el.querySelectorAll('img[alt], svg[aria-label]')].length > 0;
  };
  for (const el of document.querySelectorAll('img, svg[role="img"], a[href], button, select, textarea, input:not([type="hidden"])')) {
    if (!visible(el) && el.tagName.toLowerCase() !== 'svg') continue;
    if (el.closest('[aria-hidden="true"]')) continue;
    if (!named(el)) out.push(`name: ${where(el)} has no accessible name`);
  }
  // ARIA references point at existing elements; ids are unique.
  const ids = new Map<string, number>();
  for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
  for (const el of document.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls]')) {
    for (const attr of ['aria-labelledby', 'aria-describedby', 'aria-controls']) {
      for (const id of el.getAttribute(attr)?.split(/\s+/).filter(Boolean) ?? []) {
        if (!ids.has(id)) out.push(`aria-valid-attr-value: ${attr}="${id}" missing at ${where(el)}`);
        else if (ids.get(id)! > 1) out.push(`duplicate-id-aria: ${id}`);
      }
    }
  }
  // scrollable-region-focusable.
  const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll('body *')) {
    const cs = getComputedStyle(el);
    const scrolls = (/(auto|scroll)/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) || (/(auto|scroll)/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1);
    if (scrolls && visible(el) && !el.matches(focusable) && !el.querySelector(focusable)) out.push(`scrollable-region-focusable: ${where(el)}`);
  }
  for (const l of document.querySelectorAll('ul, ol')) {
    for (const c of l.children) if (!['LI', 'SCRIPT', 'TEMPLATE'].includes(c.tagName)) out.push(`list: <${c.tagName.toLowerCase()}> in ${where(l)}`);
  }
  for (const li of document.querySelectorAll('li')) if (!li.parentElement?.matches('ul, ol, menu')) out.push(`listitem: ${where(li)}`);
  for (const el of document.querySelectorAll('a[href], button')) if (el.parentElement?.closest('a[href], button')) out.push(`nested-interactive: ${where(el)}`);
  for (const el of document.querySelectorAll('[aria-hidden="true"]')) if (el.matches(focusable) || el.querySelector(focusable)) out.push(`aria-hidden-focus: ${where(el)}`);
  if (!document.documentElement.lang) out.push('html-has-lang');
  if (!document.title.trim()) out.push('document-title');
  const vp = document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '';
  if (/user-scalable\s*=\s*no|maximum-scale\s*=\s*1(\.0)?\b/.test(vp)) out.push('meta-viewport');
  return out;
}
