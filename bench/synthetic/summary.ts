/**
 * A synthetic model's summary.json, provenance stamped `simulated`: every figure is computed from its samples by the
 * runner's own buildSummary, as validate and the site build recompute them.
 */
import { buildSummary as summaryOfSamples } from '../../src/lib/build-summary.ts';
import { isPinnedRevision, ResultSummary, type DatasetId, type Sample, type Suite } from '../../src/schema/index.ts';
import { PRIMARY, SECONDARY } from './judges.ts';
import type { ModelSpec } from './models.ts';
import { fakeSha256 } from './text.ts';


export interface SummaryInput {
  suite: Suite;
  model: ModelSpec;
  /** The model's place in the list: its run starts an hour after the previous model's. */
  index: number;
  datasets: Suite['datasets'];
  /** The samples of every dataset. */
  samples: ReadonlyMap<DatasetId, readonly Sample[]>;
}

/** The summary, checked against the ResultSummary schema. */
export function buildSummary(s: SummaryInput): ResultSummary {
  const { suite, model: m } = s;
  const nSamples = [...s.samples.values()].reduce((n, list) => n + list.length, 0);
  const nErrors = [...s.samples.values()].reduce((n, list) => n + list.filter((x) => x.error !== null).length, 0);
  const started = new Date(Date.UTC(2026, 10, 1) + s.index * 3_600_000);
  const summary: ResultSummary = {
    format: 1,
    submission: { id: m.id, display_name: m.display_name, family: m.family, hf: { repo: m.repo, revision: m.revision, pinned: isPinnedRevision(m.revision) }, params: { total_b: m.total_b, active_b: m.active_b } },
    datasets: [],
    agreement: [],
    provenance: {
      suite_id: suite.id, suite_version: suite.version, taxonomy_version: suite.taxonomy_version,
      submission_sha256: fakeSha256(`sub:${m.id}`),
      template_sha256: fakeSha256(`tpl:${m.family}`),
      template_source: `hub:${m.repo}@${m.revision}/chat_template.jinja`,
      stop_sequences: ['<|im_end|>', '<|im_start|>'],
      decoding: {
        assistant: { temperature: suite.assistant_turn.temperature, top_p: suite.assistant_turn.top_p, max_tokens: suite.assistant_turn.max_tokens },
        user_turn_max_tokens: suite.user_turn.max_tokens,
        conditions: suite.conditions.map((c) => ({ id: c.id, temperature: c.temperature, top_p: c.top_p, samples: c.samples })),
      },
      judges: [
        { id: PRIMARY, kind: 'llm', model: 'gpt-5.4-mini', prompt_version: suite.judge_prompt_version, temperature: 0, max_tokens: 400 },
        { id: SECONDARY, kind: 'heuristic', model: null, prompt_version: 'rules-1', temperature: null, max_tokens: null },
      ],
      primary_judge: PRIMARY,
      // The simulator's naming: synthetic results are stamped simulated, and validate reads the two together.
      endpoint_models: [`userturn-sim/synthetic-${m.id}`],
      simulated: true,
      runner_commit: null, runner_dirty: null,
      package_versions: { userturn: '0.1.0', generator: 'bench/synthetic' },
      // Its items are made up, not the dataset's: the files it stands on are no real dataset's either.
      datasets: s.datasets.map((d) => ({ id: d.id, files: d.source.files.map((f) => ({ name: f.name, sha256: fakeSha256(`synthetic:${d.id}:${f.name}`) })) })),
      shards: null,
    },
    run: {
      started_at: started.toISOString(), finished_at: new Date(started.getTime() + 1_800_000).toISOString(), duration_s: 1800,
      requests_sent: nSamples * 2, cache_hits: 0, request_errors: nErrors, endpoints: ['http://127.0.0.1:0/v1 (synthetic)'],
    },
  };
  const { datasets, agreement } = summaryOfSamples({ suite, submission: summary.submission, samples: s.samples, judges: summary.provenance.judges, provenance: summary.provenance, run: summary.run });
  return ResultSummary.parse({ ...summary, datasets, agreement });
}
