import { comment, headerLines } from './header.ts';
import type { LaunchPlan } from './plan.ts';
import { mergeScript, shardScript } from './scripts.ts';

/** Shared storage for results and cache snapshots; USERTURN_SHARED overrides it at submit time. */
const SHARED = '"${USERTURN_SHARED:-$SLURM_SUBMIT_DIR/.launch}"';

/** A Slurm job array (task i runs --shard i/N) and the merge job to submit with afterok on the array. */
export function slurmFiles(plan: LaunchPlan): Array<{ name: string; text: string }> {
  const array = `${plan.id}.slurm.sbatch`;
  const merge = `${plan.id}.slurm-merge.sbatch`;
  const how = [
    'Submit from the repository root, in an environment with the engine and Node.js 24 (after npm ci):',
    `  jid=$(sbatch --parsable ${array}) && sbatch --dependency=afterok:$jid ${merge}`,
    'Each task has a node to itself (--exclusive): its engine listens on 127.0.0.1:8000.',
    'The merge runs only when every array task succeeded. Results: $USERTURN_SHARED (default .launch/ in the',
    `submit folder)/${plan.id}/shards/<i>, then .../${plan.id}/merged/${plan.id}.`,
  ];
  const shardBody = shardScript(plan, {
    shard: '"$SLURM_ARRAY_TASK_ID"',
    // Node-local scratch: SLURM_TMPDIR/TMPDIR where the site sets one, else /tmp (check it is local on your nodes).
    local: '"${SLURM_TMPDIR:-${TMPDIR:-/tmp}}/userturn-${SLURM_ARRAY_JOB_ID}-${SLURM_ARRAY_TASK_ID}"',
    durable: `${SHARED}/${plan.id}`,
    startEngine: true,
  });
  const arrayText = [
    '#!/bin/bash',
    `#SBATCH --job-name=userturn-${plan.id}`,
    `#SBATCH --array=1-${plan.shards}`,
    '#SBATCH --nodes=1',
    '#SBATCH --ntasks=1',
    `#SBATCH --gres=gpu:${plan.tensorParallel}`,
    '#SBATCH --exclusive',
    '#SBATCH --cpus-per-task=8',
    '#SBATCH --time=2-00:00:00',
    `#SBATCH --output=userturn-${plan.id}-%A_%a.out`,
    comment(headerLines(plan, how)),
    'cd "$SLURM_SUBMIT_DIR"',
    `command -v ${plan.serveArgv[0]} >/dev/null || { echo "${plan.serveArgv[0]} not found: activate the environment with ${plan.engine}" >&2; exit 1; }`,
    shardBody,
    '',
  ].join('\n');
  const mergeText = [
    '#!/bin/bash',
    `#SBATCH --job-name=userturn-${plan.id}-merge`,
    '#SBATCH --nodes=1',
    '#SBATCH --ntasks=1',
    '#SBATCH --cpus-per-task=4',
    '#SBATCH --time=04:00:00',
    `#SBATCH --output=userturn-${plan.id}-merge-%j.out`,
    comment([`The final step of ${array}: merge its ${plan.shards} shards (sends no request) and validate the result.`, ...how]),
    'cd "$SLURM_SUBMIT_DIR"',
    mergeScript(plan, `${SHARED}/${plan.id}`),
    '',
  ].join('\n');
  return [
    { name: array, text: arrayText },
    { name: merge, text: mergeText },
  ];
}
