/**
 * Renders the share cards in public/og/ (1200 × 630 PNG, one per page type) with the Playwright Chromium. Run by
 * hand when the wording changes and commit the PNGs: the build cannot rasterise (no image dependency), and the
 * platforms that read og:image (Facebook, X, LinkedIn, Slack, Discord) do not accept SVG.
 *
 *   node bench/og-images.ts
 */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { SHARE_CARDS } from '../src/lib/site/og.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const html = (title: string, line: string) => `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;background:#1f4e79;color:#fff;font-family:'DejaVu Sans',sans-serif;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:24px;font-size:44px;font-weight:700">
    <svg width="72" height="72" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#fff"/><path d="M8 10h16v9H15l-5 4v-4H8z" fill="#1f4e79"/></svg>userturn</div>
  <div><div style="font-size:68px;font-weight:700;line-height:1.1">${esc(title)}</div>
  <div style="font-size:34px;margin-top:28px;opacity:.92;line-height:1.3">${esc(line)}</div></div>
  <div style="font-size:26px;opacity:.85">Can a model write the next user turn after its own answer? · arXiv 2604.02315</div>
</div></body></html>`;

mkdirSync('public/og', { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
for (const [kind, card] of Object.entries(SHARE_CARDS)) {
  await page.setContent(html(card.title, card.line));
  await page.screenshot({ path: `public/og/${kind}.png`, type: 'png' });
  console.log(`public/og/${kind}.png`);
}
await browser.close();
