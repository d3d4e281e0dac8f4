import type { ResultSummary } from '../../src/schema/index.ts';
import { STAGES, type Stage, type StageStats } from '../cache/stage-cache.ts';
import type { ClientStats } from '../client/types.ts';

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? '—' : `${(100 * x).toFixed(1)}%`);

/** The closing table: per dataset and condition counts, rates and errors; then request totals. */
export function finalTable(summary: ResultSummary, stats: ClientStats): string {
  const out: string[] = [];
  out.push(`${'dataset'.padEnd(14)}${'condition'.padEnd(18)}${'samples'.padStart(8)}${'judged'.padStart(8)}${'req err'.padStart(8)}${'judge err'.padStart(10)}${'follow-up'.padStart(11)}${'accuracy'.padStart(10)}`);
  for (const d of summary.datasets) {
    d.conditions.forEach((c, i) => {
      out.push(
        `${(i === 0 ? d.dataset : '').padEnd(14)}${c.condition.padEnd(18)}${String(c.n_samples).padStart(8)}${String(c.n_judged).padStart(8)}${String(c.n_request_errors).padStart(8)}${String(c.n_judge_errors).padStart(10)}${pct(c.followup?.value).padStart(11)}${(i === 0 ? pct(d.accuracy?.strict.value) : '').padStart(10)}`,
      );
    });
    if (d.unfinished && d.unfinished.n > 0) out.push(`${''.padEnd(14)}unfinished answers: ${d.unfinished.n} of ${d.unfinished.of} items (not probed, not scored)`);
  }
  const reasons = kindList(stats.failureReasons);
  out.push(
    `requests: ${stats.completed} completed, ${stats.cacheHits} cache hits, ${stats.deduplicated} de-duplicated, ${stats.sent} HTTP attempts, ${stats.retries} retries, ${stats.failed} failed${reasons ? ` (${reasons})` : ''}`,
  );
  for (const line of endpointLines(stats)) out.push(line);
  return out.join('\n');
}

const kindList = (counts: Record<string, number>): string => Object.entries(counts).map(([k, v]) => `${k}=${v}`).join(', ');

/**
 * One line per endpoint when there are several, or when one had failed attempts: a failed sample's reason does not
 * name its host (reasons are published), so this is where an operator sees which one to look at.
 */
function endpointLines(stats: ClientStats): string[] {
  const all = stats.endpoints ?? [];
  if (all.length < 2 && !all.some((e) => Object.keys(e.failed).length > 0 || e.leftOut)) return [];
  return all.map((e) => {
    const failed = Object.values(e.failed).reduce((a, b) => a + b, 0);
    const out = e.leftOut ? `; left out of the run: ${e.leftOut}` : e.down ? `; down when the run ended: ${e.down}` : '';
    return `  endpoint ${e.url}: ${e.attempts} attempts, ${failed} failed${failed > 0 ? ` (${kindList(e.failed)})` : ''}${out}`;
  });
}

/** What the run derived, reused from the cache or computed: `derived: prompts 0 computed, 12 reused; …`. */
export function stageLine(stats: Record<Stage, StageStats>): string {
  const names: Record<Stage, string> = { prompt: 'prompts', score: 'scores', verdict: 'verdicts', summary: 'summaries' };
  return `derived: ${STAGES.map((s) => `${names[s]} ${stats[s].computed} computed, ${stats[s].reused} reused`).join('; ')}`;
}
