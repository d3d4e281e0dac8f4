/** Small valid shards and samples for the example-browser tests (in-process, no build). */
import type { Label, Sample, Verdict } from '../../src/schema/index.ts';
import type { z } from 'zod';
import type { Checks } from '../../src/lib/examples/check.ts';
import { formatFieldError, parseWith } from '../../src/schema/errors.ts';
import { Manifest, SearchDirectory, SearchFacets, SearchTerms, Shard } from '../../src/schema/shards.ts';

const verdict = (label: Label): Verdict => ({ kind: 'label', label, rationale: 'r', evidence_span: null, rule: null, judge: 'heuristic@1' });

/** A sample line as results/<id>/samples/<dataset>.jsonl holds it. */
export function sample(item: string, condition: string, k: number, label: Label, extra: Partial<Sample> = {}): Sample {
  return {
    format: 1, id: `${item}~${condition}~${k}`, submission_id: 'model-a', dataset: 'gsm8k', item_id: item, condition, sample_index: k,
    question: `Question of ${item}?`, response: `Answer of ${item}.`, assistant_finish_reason: 'stop', accuracy: null,
    user_turn: `A user turn about ${item}`, finish_reason: 'stop', seed: null, temperature: condition === 'greedy' ? 0 : 0.7, top_p: 1,
    prompt_sha256: null, timings: { assistant_ms: null, user_turn_ms: null }, error: null, verdicts: [verdict(label)], ...extra,
  };
}

/** A shard of `items` items with two samples each (greedy genuine_followup, t0.7 generic_closing). */
export function shard(n: number, items: string[], model = 'model-a'): Shard {
  return {
    model, dataset: 'gsm8k', n,
    items: items.map((id) => ({
      item_id: id, question: `Question of ${id}?`, response: `Answer of ${id}.`, accuracy: null,
      samples: [
        { id: `${id}~greedy~0`, condition: 'greedy', k: 0, user_turn: `Why ${id}?`, finish_reason: 'stop', temperature: 0, seed: null, error: null, verdicts: [verdict('genuine_followup')] },
        { id: `${id}~t0.7~0`, condition: 't0.7', k: 0, user_turn: `Thanks for ${id}`, finish_reason: 'stop', temperature: 0.7, seed: 1, error: null, verdicts: [verdict('generic_closing')] },
      ],
    })),
  };
}

/** The loader's checks as the build runs them: the zod schemas of src/schema/shards.ts (the browser ships a structural check). */
export const zodChecks: Checks = {
  manifest: (data, path) => strict(Manifest, data, path),
  shard: (data, path) => strict(Shard, data, path),
  directory: (data, path) => strict(SearchDirectory, data, path),
  facets: (data, path) => strict(SearchFacets, data, path),
  terms: (data, path) => strict(SearchTerms, data, path),
};
function strict<S extends z.ZodType>(schema: S, data: unknown, path: string): z.infer<S> {
  const r = parseWith(schema, data, path);
  if (!r.ok) throw new Error(`invalid data: ${formatFieldError(r.errors[0]!)}`);
  return r.value;
}
