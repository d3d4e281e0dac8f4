import { writeFile } from 'node:fs/promises';
import { renderJsonSchemas } from '../validate/json-schemas.ts';

/** `npm run schemas`: regenerate the committed JSON Schemas from the zod sources of truth. */
for (const { path, text } of renderJsonSchemas()) {
  await writeFile(path, text);
  console.log(`wrote ${path}`);
}
