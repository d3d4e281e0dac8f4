import type { APIRoute } from 'astro';
import { siteData } from '../../data/site-data.ts';
import { summariesToCsv } from '../../lib/site/csv.ts';

/** One row per model × dataset × condition; columns documented on /downloads/. */
export const GET: APIRoute = async () => {
  const d = await siteData();
  return new Response(summariesToCsv(d.summaries), { headers: { 'content-type': 'text/csv; charset=utf-8' } });
};
