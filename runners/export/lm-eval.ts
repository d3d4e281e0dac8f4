import type { ResultSummary } from '../../src/schema/index.ts';

/**
 * One submission's results in the shape of lm-evaluation-harness's results_<date>.json, so tools that read those
 * (leaderboards, comparison scripts) read ours: `results` keyed by task with "metric,filter" keys, `groups` and
 * `group_subtasks`, `configs`, `versions`, `n-shot`, `higher_is_better`, `n-samples`, `config`, `git_hash`, `date`.
 * Tasks are userturn_<dataset>_<condition> (the follow-up rate); each dataset is a group carrying task accuracy.
 * We report 95% intervals, not standard errors: `*_stderr` is "N/A" (as lm-eval writes when it has none) and the
 * interval bounds are extra `*_lo` / `*_hi` metrics.
 */
export function lmEvalResults(summary: ResultSummary): Record<string, unknown> {
  const p = summary.provenance;
  const results: Record<string, Record<string, unknown>> = {};
  const groups: Record<string, Record<string, unknown>> = {};
  const groupSubtasks: Record<string, string[]> = {};
  const configs: Record<string, unknown> = {};
  const versions: Record<string, number> = {};
  const nShot: Record<string, number> = {};
  const higher: Record<string, Record<string, boolean>> = {};
  const nSamples: Record<string, { original: number; effective: number }> = {};
  for (const d of summary.datasets) {
    const group = `userturn_${d.dataset}`;
    groups[group] = { alias: d.dataset };
    higher[group] = {};
    if (d.accuracy) {
      Object.assign(groups[group], {
        [`acc_strict,none`]: d.accuracy.strict.value,
        [`acc_strict_stderr,none`]: 'N/A',
        [`acc_strict_lo,none`]: d.accuracy.strict.lo,
        [`acc_strict_hi,none`]: d.accuracy.strict.hi,
      });
      if (d.accuracy.loose) groups[group]['acc_loose,none'] = d.accuracy.loose.value;
      higher[group] = { acc_strict: true, acc_loose: true };
    }
    groupSubtasks[group] = [];
    for (const c of d.conditions) {
      const task = `${group}_${c.condition}`;
      groupSubtasks[group].push(task);
      results[task] = { alias: ` - ${c.condition}`, 'followup,none': c.followup?.value ?? null, 'followup_stderr,none': 'N/A' };
      if (c.followup) Object.assign(results[task], { 'followup_lo,none': c.followup.lo, 'followup_hi,none': c.followup.hi });
      if (c.any_of_k) results[task]['any_of_k,none'] = c.any_of_k.value;
      if (c.delta_vs_greedy) results[task]['delta_vs_greedy,none'] = c.delta_vs_greedy.value;
      configs[task] = {
        task,
        tag: [group],
        dataset_path: d.dataset,
        output_type: 'generate_until',
        num_fewshot: 0,
        generation_kwargs: { temperature: c.temperature, samples_per_item: c.samples_per_item },
        metric_list: [{ metric: 'followup', aggregation: 'mean', higher_is_better: true }],
        metadata: { suite_id: p.suite_id, suite_version: p.suite_version, taxonomy_version: p.taxonomy_version, primary_judge: p.primary_judge, endpoint_models: p.endpoint_models, answered_models: p.answered_models ?? null },
      };
      versions[task] = p.suite_version;
      nShot[task] = 0;
      higher[task] = { followup: true, any_of_k: true };
      nSamples[task] = { original: c.n_samples, effective: c.n_judged };
    }
  }
  const { repo, revision } = summary.submission.hf;
  return {
    results,
    groups,
    group_subtasks: groupSubtasks,
    configs,
    versions,
    'n-shot': nShot,
    higher_is_better: higher,
    'n-samples': nSamples,
    config: { model: 'userturn', model_args: `pretrained=${repo},revision=${revision}`, model_num_parameters: Math.round(summary.submission.params.total_b * 1e9), model_revision: revision, random_seed: null },
    git_hash: p.runner_commit,
    // lm-eval's `date` is the run's start as Unix seconds: taken from the results, so the export stays deterministic.
    date: Date.parse(summary.run.started_at) / 1000,
    model_name: repo,
    model_name_sanitized: repo.replace(/\//g, '__'),
  };
}
