import type { APIRoute } from 'astro';
import { siteData } from '../../data/site-data.ts';

/** Every result summary as one JSON array (format: /data/summary.schema.json). */
export const GET: APIRoute = async () => {
  const d = await siteData();
  return new Response(JSON.stringify(d.summaries, null, 1), { headers: { 'content-type': 'application/json' } });
};
