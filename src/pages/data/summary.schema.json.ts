import type { APIRoute } from 'astro';
import { z } from 'zod';
import { ResultSummary } from '../../schema/index.ts';

/** JSON Schema of one summary, generated from the zod schema that validates results/<id>/summary.json. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(z.toJSONSchema(ResultSummary, { io: 'input', unrepresentable: 'any' }), null, 1), { headers: { 'content-type': 'application/json' } });
