import { defineCollection } from 'astro:content';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Submission } from './schema/submission.ts';
import { ResultSummary } from './schema/summary.ts';
import { formatFieldError, parseWith } from './schema/errors.ts';
import { resultsDir } from './data/paths.ts';
import { isLink } from './data/links.ts';
import { DataFileError } from './data/data-file-error.ts';
import { loadSuites } from './data/suites.ts';
import { readSubmissions } from './data/submissions.ts';
import { suiteDatasets, unlistedDatasetErrors } from './lib/result-datasets.ts';
import { summarySubmissionErrors } from './lib/summary-submission.ts';
import { COMMIT_JOURNAL, UNFINISHED_COMMIT } from './lib/data-paths.ts';

/**
 * Build-time collections. Every entry is validated with the project's own zod schemas, so a broken file
 * fails the build with the file and field named. Results are read from USERTURN_RESULTS_DIR (default results/).
 */
/** submissions/<org>/<id>.yaml, read exactly as `userturn validate` reads them (not with glob(): js-yaml's dates). */
const submissions = defineCollection({
  loader: {
    name: 'userturn-submissions',
    load: async ({ store, config, logger }) => {
      store.clear();
      const root = fileURLToPath(config.root);
      const entries = readSubmissions(join(root, 'submissions'), root);
      for (const e of entries) store.set({ id: e.id, filePath: e.filePath, data: e.data as unknown as Record<string, unknown> });
      logger.info(`${entries.length} submissions`);
    },
  },
  schema: Submission,
});


/** results/<id>/summary.json → one entry per submission id; an invalid file throws `file: field: message`. */
const results = defineCollection({
  loader: {
    name: 'userturn-results',
    load: async ({ store, config, logger }) => {
      store.clear();
      const dir = resultsDir();
      if (!existsSync(dir)) { logger.info(`no results folder at ${dir}: building the empty state`); return; }
      const ids = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('.')).map((d) => d.name).sort();
      let n = 0;
      const known = suiteDatasets(loadSuites());
      const root = fileURLToPath(config.root);
      const committed = readSubmissions(join(root, 'submissions'), root).map((e) => ({ file: e.filePath, value: e.data }));
      for (const id of ids) {
        const abs = join(dir, id, 'summary.json');
        if (!existsSync(abs) && !isLink(abs)) continue;
        const file = relative(process.cwd(), abs) || abs;
        // As validate: a link is never read (one to /etc/passwd was quoted in the build log).
        if (isLink(abs)) throw new DataFileError(`${file}: (file): is a symbolic link: the build reads no link`);
        if (existsSync(join(dir, id, COMMIT_JOURNAL))) throw new DataFileError(`${file}: (file): ${UNFINISHED_COMMIT}`);
        let data: unknown;
        try { data = JSON.parse(readFileSync(abs, 'utf8')); } catch (e) { throw new DataFileError(`${file}: (root): invalid JSON: ${(e as Error).message}`); }
        const r = parseWith(ResultSummary, data, file);
        if (!r.ok) throw new DataFileError(`invalid results file\n${r.errors.map(formatFieldError).join('\n')}`);
        if (r.value.submission.id !== id) throw new DataFileError(`${file}: submission.id: "${r.value.submission.id}" does not match its folder "${id}"`);
        // Dataset ids are open slugs: a result may name only the datasets of its suite version.
        const unlisted = unlistedDatasetErrors(r.value, known, file);
        if (unlisted.length > 0) throw new DataFileError(`invalid results file\n${unlisted.map(formatFieldError).join('\n')}`);
        // The model a result names is its committed submission's (the pages show the summary's copy).
        const identity = summarySubmissionErrors(file, r.value, committed);
        if (identity.length > 0) throw new DataFileError(`invalid results file\n${identity.map(formatFieldError).join('\n')}`);
        store.set({ id, data: r.value as unknown as Record<string, unknown> });
        n++;
      }
      logger.info(`${n} result summaries from ${dir}`);
    },
  },
  schema: ResultSummary,
});

export const collections = { submissions, results };
