import type { APIRoute } from 'astro';
import { siteData, verifiedIds } from '../../../data/site-data.ts';
import { leaderboardRows, rankConditionOf } from '../../../lib/site/leaderboard.ts';

/** Leaderboard rows of one dataset, fetched by the dataset selector. */
export async function getStaticPaths() {
  const d = await siteData();
  return d.datasets.map((dataset) => ({ params: { dataset } }));
}

export const GET: APIRoute = async ({ params }) => {
  const d = await siteData();
  const dataset = params.dataset ?? '';
  return new Response(JSON.stringify(leaderboardRows(d.summaries, dataset, verifiedIds(d), rankConditionOf(d.summaries, dataset, d.rankCondition))), { headers: { 'content-type': 'application/json' } });
};
