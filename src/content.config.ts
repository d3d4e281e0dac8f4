import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { Submission } from './schema/submission.ts';

/**
 * Build-time collections. Every entry is validated with the project's own zod schemas, so a broken file
 * fails the build with the entry named. Results are read from USERTURN_RESULTS_DIR (default results/).
 */
const submissions = defineCollection({
  loader: glob({ pattern: '*/*.yaml', base: './submissions' }),
  schema: Submission,
});

export const collections = { submissions };
