import { CACHE_NOTE } from './scripts.ts';
import type { LaunchPlan } from './plan.ts';

/** Comment lines every generated file starts with: what it runs, the cache rule, and an unpinned-revision warning. */
export function headerLines(plan: LaunchPlan, how: string[]): string[] {
  const lines = [
    `Written by: userturn launch ${plan.subPath} --shards ${plan.shards}${plan.limit === null ? '' : ` --limit ${plan.limit}`}`,
    `Probe run of ${plan.id} in ${plan.shards} shard${plan.shards === 1 ? '' : 's'} (userturn run --shard i/${plan.shards}), then one merge (userturn run --merge …).`,
    `Engine: ${plan.engine}, tensor parallel ${plan.tensorParallel}; serve command: ${plan.serveLine}`,
    '',
    ...how,
    '',
    ...CACHE_NOTE,
  ];
  if (!plan.pinned) lines.push('', `Revision "${plan.revision}" is a branch, not a commit: pin hf.revision in the submission for a verifiable result.`);
  return lines;
}

export const comment = (lines: string[]): string => lines.map((l) => (l === '' ? '#' : `# ${l}`)).join('\n');
