import { z } from 'zod';
import { SUITES_DIR } from '../../src/lib/data-paths.ts';
import { Submission, Suite } from '../../src/schema/index.ts';

/** The JSON Schemas committed for editors (yaml-language-server) and external tools, generated from zod. */
export function renderJsonSchemas(): Array<{ path: string; text: string }> {
  const render = (schema: z.ZodType, id: string) =>
    JSON.stringify({ $id: id, ...z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) }, null, 2) + '\n';
  return [
    { path: 'submissions/schema.json', text: render(Submission, 'https://userturn.dev/schemas/submission.json') },
    { path: `${SUITES_DIR}/schema.json`, text: render(Suite, 'https://userturn.dev/schemas/suite.json') },
  ];
}
