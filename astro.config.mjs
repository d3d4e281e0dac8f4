// @ts-check
import { defineConfig } from 'astro/config';
import svelte from '@astrojs/svelte';
import { createHash } from 'node:crypto';
import sampleShards from './src/integrations/sample-shards.ts';
import { THEME_INIT } from './src/lib/site/theme.ts';

const themeHash = `sha256-${createHash('sha256').update(THEME_INIT).digest('base64')}`;

// The site is fully static: every page is rendered at build time from results/ (USERTURN_RESULTS_DIR) and
// submissions/; sample shards for the example browser are written after the build by the sample-shards integration.
export default defineConfig({
  site: process.env.USERTURN_SITE_URL ?? 'https://userturn.github.io',
  base: process.env.USERTURN_BASE_PATH ?? '/',
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [svelte(), sampleShards()],
  build: { inlineStylesheets: 'never' },
  // No Markdown pages; Shiki's inline styles would conflict with the CSP.
  markdown: { syntaxHighlight: false },
  security: {
    // A <meta http-equiv="content-security-policy"> on every page: scripts only from this origin or with the hash
    // of Astro's own inline scripts (plus the theme initialiser above); no other hosts at all.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { hashes: [/** @type {any} */ (themeHash)] },
    },
  },
});
