// @ts-check
import { defineConfig } from 'astro/config';
import svelte from '@astrojs/svelte';

// The site is fully static: every page is rendered at build time from results/ and submissions/.
export default defineConfig({
  site: process.env.USERTURN_SITE_URL ?? 'https://userturn.github.io',
  base: process.env.USERTURN_BASE_PATH ?? '/',
  output: 'static',
  integrations: [svelte()],
  telemetry: false,
});
