/**
 * What a refused `--datasets` id probably meant: ids are lower-case slugs with `_`, while the paper and the Hub
 * write GSM8K and MT-Bench.
 */
import { DatasetId, Suite } from '../../src/schema/index.ts';
import { currentSuitePath } from '../core/defaults.ts';
import { loadDocument } from '../io/load-document.ts';

/** The dataset ids of the suite a run would use, or null when it cannot be read (no hint from it then). */
async function suiteDatasetIds(suitePath: string | undefined): Promise<string[] | null> {
  try {
    const loaded = await loadDocument(suitePath ?? currentSuitePath());
    const r = loaded.ok ? Suite.safeParse(loaded.data) : null;
    return r?.success ? r.data.datasets.map((d) => d.id) : null;
  } catch {
    return null;
  }
}

/**
 * Each refused id quoted, with a guess when one is likely: the lower-case id when that is a well-formed id
 * (`GSM8K`: gsm8k), or the id lower-cased with `_` for `-` when the suite lists it (`MT-Bench`: mt_bench; `gsm-8k`
 * gets none, as no suite has gsm_8k). The suite is read only when an id has a `-`.
 */
export async function describeBadDatasetIds(bad: string[], suitePath: string | undefined): Promise<string[]> {
  const suiteIds = bad.some((d) => d.includes('-')) ? await suiteDatasetIds(suitePath) : null;
  return bad.map((d) => {
    const lower = d.toLowerCase();
    if (lower !== d && DatasetId.safeParse(lower).success) return `${JSON.stringify(d)} (did you mean ${lower}? dataset ids are lower-case)`;
    const slug = lower.replaceAll('-', '_');
    if (slug === lower || !suiteIds?.includes(slug)) return JSON.stringify(d);
    return `${JSON.stringify(d)} (did you mean ${slug}? dataset ids are ${lower !== d ? 'lower-case and ' : ''}written with _, not -)`;
  });
}
