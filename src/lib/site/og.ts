/** Open Graph metadata of a page (pure): the share card of its page type and absolute URLs. */

/** One 1200 × 630 PNG per page type in public/og/<type>.png, rendered by bench/og-images.ts. */
export const SHARE_CARDS = {
  site: { title: 'An open benchmark of interaction awareness', line: 'Follow-up rates, failure profiles and every generation, per model.' },
  leaderboard: { title: 'Interaction-awareness leaderboard', line: 'Genuine follow-up rates with 95% intervals and rank groups.' },
  model: { title: 'Model results', line: 'Charts, rank with its interval, family comparison and a reproduce command.' },
  charts: { title: 'Findings in charts', line: 'Follow-up vs accuracy, temperature, perturbations, failure profiles.' },
  examples: { title: 'Every generation, one query away', line: 'Browse and compare the user turns models wrote.' },
  methodology: { title: 'How the probe works', line: 'User turn generation as a probe of interaction awareness.' },
} as const;
export type ShareCard = keyof typeof SHARE_CARDS;
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/** The share card for a site path (base removed, leading slash): by its first segment. */
export function shareCardFor(path: string): ShareCard {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? '';
  if (first === '' || first === 'leaderboard') return 'leaderboard';
  if (first === 'models') return 'model';
  if (first === 'charts' || first === 'judges') return 'charts';
  if (first === 'examples') return 'examples';
  if (first === 'methodology') return 'methodology';
  return 'site';
}

export interface OgMeta { title: string; description: string; url: string; image: string; imageAlt: string; type: 'website' }

/** Absolute og: values; `site` is the deployed origin with its base path (e.g. https://x.github.io/userturn/). */
export function ogMeta(o: { title: string; description: string; path: string; site: string }): OgMeta {
  const root = o.site.replace(/\/?$/, '/');
  const card = shareCardFor(o.path);
  return {
    title: o.title, description: o.description, type: 'website',
    url: new URL(o.path.replace(/^\/+/, ''), root).href,
    image: new URL(`og/${card}.png`, root).href,
    imageAlt: `userturn: ${SHARE_CARDS[card].title}`,
  };
}
