import type { APIRoute } from 'astro';
import { siteData, verifiedIds } from '../../../data/site-data.ts';
import { leaderboardRows } from '../../../lib/site/leaderboard.ts';

/** Leaderboard rows of one dataset, fetched by the dataset selector. */
export async function getStaticPaths() {
  const d = await siteData();
  return d.datasets.map((dataset) => ({ params: { dataset } }));
}

export const GET: APIRoute = async ({ params }) => {
  const d = await siteData();
  return new Response(JSON.stringify(leaderboardRows(d.summaries, params.dataset ?? '', verifiedIds(d), d.rankCondition)), { headers: { 'content-type': 'application/json' } });
};
