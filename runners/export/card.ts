import { stringify } from 'yaml';
import type { ColumnSpec } from './columns.ts';
import { SAMPLE_COLUMNS, SUMMARY_COLUMNS } from './columns.ts';
import type { ExportSource } from './load-results.ts';

/** Marks a README.md as written by export, so a re-export may replace it and nothing else is overwritten. */
export const CARD_MARKER = '<!-- written by userturn export; regenerate, do not edit -->';

export interface CardInput {
  sources: ExportSource[];
  /** Dataset id → its Parquet path relative to the export folder. */
  sampleFiles: Array<{ dataset: string; path: string; rows: number }>;
  summaryFile: { path: string; rows: number };
  lmEvalFiles: string[];
}

const TYPE_TEXT: Record<ColumnSpec['type'], string> = { STRING: 'string', INT64: 'int64', DOUBLE: 'float64', BOOLEAN: 'bool', JSON: 'string (JSON)' };

function columnTable(cols: ColumnSpec[], from: string): string {
  const lines = ['| column | type | from |', '|---|---|---|'];
  for (const c of cols) lines.push(`| \`${c.name}\` | ${TYPE_TEXT[c.type]} | \`${from}${c.path}\` |`);
  return lines.join('\n');
}

/** The `configs:` of the card: one per dataset (its samples) and `summary`, each a single `train` split. */
export function cardConfigs(input: CardInput): Array<{ config_name: string; data_files: Array<{ split: string; path: string }> }> {
  return [
    ...input.sampleFiles.map((f) => ({ config_name: f.dataset, data_files: [{ split: 'train', path: f.path }] })),
    { config_name: 'summary', data_files: [{ split: 'train', path: input.summaryFile.path }] },
  ];
}

/** README.md of the export: YAML front matter the Hub reads (configs, tags) and a card that documents every column. */
export function datasetCard(input: CardInput): string {
  const front = stringify({ pretty_name: 'userturn results', tags: ['userturn', 'evaluation', 'llm-evaluation'], configs: cardConfigs(input) }, { lineWidth: 0 });
  const models = input.sources.map(({ summary: s }) => {
    const p = s.provenance;
    return `| \`${s.submission.id}\` | ${s.submission.hf.repo}@${s.submission.hf.revision} | ${p.suite_id} v${p.suite_version} | ${p.runner_commit ?? 'unknown'}${p.simulated ? ' (simulated)' : ''} |`;
  });
  const files = input.sampleFiles.map((f) => `- \`${f.path}\`: ${f.rows} samples of ${f.dataset} (config \`${f.dataset}\`)`);
  const firstConfig = input.sampleFiles[0]?.dataset ?? 'summary';
  const firstPath = input.sampleFiles[0]?.path ?? input.summaryFile.path;
  return `---\n${front}---
${CARD_MARKER}

# userturn results

Generated user turns and summary metrics of the userturn benchmark, written by
\`userturn export\`. Each row of a dataset config is one generated user turn with the context it was generated
from and the judges' verdicts; the \`summary\` config has one row per model × dataset × condition.

## Files

${files.join('\n')}
- \`${input.summaryFile.path}\`: ${input.summaryFile.rows} rows (config \`summary\`)
${input.lmEvalFiles.map((f) => `- \`${f}\`: the same metrics in lm-evaluation-harness's results-JSON shape`).join('\n')}

## Models

| submission | model | suite | runner commit |
|---|---|---|---|
${models.join('\n')}

## Loading

\`\`\`python
from datasets import load_dataset
samples = load_dataset("parquet", data_files="${firstPath}", split="train")
# or, from the Hub: load_dataset("<owner>/<repo>", "${firstConfig}", split="train")
\`\`\`

\`\`\`sql
-- DuckDB: the primary judge's label of every sample
SELECT id, condition, verdicts->>'$[0].label' AS label FROM '${firstPath}';
\`\`\`

## Columns

Scalars keep their type; null means the field is null (or absent, in results older than the field). Columns marked
"string (JSON)" hold the field as JSON text: parse them with \`json.loads\` or DuckDB's JSON functions.
Text written by models (\`question\`, \`response\`, \`user_turn\`, verdict rationales) is untrusted.

### Samples (one config per dataset)

Every field of a line of \`results/<submission>/samples/<dataset>.jsonl\`:

${columnTable(SAMPLE_COLUMNS, '')}

### summary

One row per submission × dataset × condition of \`results/<submission>/summary.json\`; rates are fractions
(0 to 1) with 95% interval bounds \`_lo\`/\`_hi\`:

${columnTable(SUMMARY_COLUMNS, '')}
`;
}
