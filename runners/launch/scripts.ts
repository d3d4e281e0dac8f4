import { shellQuote } from '../engines/serve-command.ts';
import { BASE_URL, type LaunchPlan } from './plan.ts';

/** Where one scheduler puts things; each value is spliced into bash as is (a literal or a ${VAR} expression). */
export interface ScriptPlaces {
  /** Bash expression for this task's shard number, 1..N. */
  shard: string;
  /** Node-local disk: the live SQLite cache, the engine log and the shard's results while it runs. */
  local: string;
  /** Shared storage (bucket mount, volume, shared file system): results and cache snapshots only. */
  durable: string;
  /** Whether the script starts the engine itself (Kubernetes runs it as a sidecar container instead). */
  startEngine: boolean;
}

export const CACHE_NOTE = [
  'The SQLite request cache lives on node-local disk, never on a network mount (SQLite locking and WAL are not',
  'safe there). Every 10 minutes and at the end a consistent snapshot (VACUUM INTO) is copied to shared storage;',
  'a rerun of the same shard starts from that snapshot and resends only what was not cached.',
];

const userturn = 'npm run --silent userturn --';
const limitArg = (plan: LaunchPlan) => (plan.limit === null ? '' : ` --limit ${plan.limit}`);

/**
 * The engine serves the model: /v1/models lists the name it serves it under (TGI: the repository), and where the
 * engine lists it while still loading (llama.cpp), its readiness route answers 200 (as probe-job waits).
 */
function readyCheck(plan: LaunchPlan): string {
  const listed = `curl -sf ${BASE_URL}/models | grep -qF ${shellQuote(`"${plan.servedModel}"`)}`;
  return plan.readyRoute === null ? listed : `${listed} && curl -sf ${BASE_URL}/${plan.readyRoute} >/dev/null`;
}

/** The bash body of one shard: restore the cache, start the engine, wait for it, run the shard, sync. */
export function shardScript(plan: LaunchPlan, p: ScriptPlaces): string {
  const engine = p.startEngine
    ? [
        '# serve-cmd for this submission (userturn serve-cmd prints the same command):',
        `${plan.serveLine} > "$LOCAL/serve.log" 2>&1 &`,
        'ENGINE=$!',
        'trap \'kill "$SYNC" "$ENGINE" 2>/dev/null || true\' EXIT',
      ]
    : ['trap \'kill "$SYNC" 2>/dev/null || true\' EXIT'];
  const alive = p.startEngine ? ['  kill -0 "$ENGINE" 2>/dev/null || { echo "engine exited; see $LOCAL/serve.log" >&2; tail -n 50 "$LOCAL/serve.log" >&2; exit 1; }'] : [];
  return [
    'set -euo pipefail',
    `SHARD=${p.shard}`,
    `SUB=${plan.subPath}`,
    `LOCAL=${p.local}`,
    `DURABLE=${p.durable}`,
    'export USERTURN_CACHE_DIR="$LOCAL/cache"   # templates, datasets and the request cache: node-local',
    'CACHE="$USERTURN_CACHE_DIR/requests.sqlite"',
    'SNAP="$DURABLE/cache/shard-$SHARD.sqlite"',
    'mkdir -p "$USERTURN_CACHE_DIR" "$LOCAL/out" "$DURABLE/cache" "$DURABLE/shards"',
    '# Resume from the last snapshot of this shard\'s cache (a preempted or failed task).',
    'if [ -f "$SNAP" ] && [ ! -f "$CACHE" ]; then cp "$SNAP" "$CACHE"; fi',
    'snapshot() { if [ -f "$CACHE" ]; then node runners/launch/snapshot-cache.ts "$CACHE" "$SNAP"; fi; }',
    '( while sleep 600; do snapshot || true; done ) &',
    'SYNC=$!',
    ...engine,
    '# Wait (at most 45 minutes: first starts download weights) until the engine serves the model.',
    'READY_BY=$((SECONDS + 2700))',
    `until ${readyCheck(plan)}; do`,
    ...alive,
    '  [ "$SECONDS" -lt "$READY_BY" ] || { echo "engine not ready after 45 minutes" >&2; exit 1; }',
    '  sleep 10',
    'done',
    'rc=0',
    `${userturn} run "$SUB" --base-url ${BASE_URL} --shard "$SHARD/${plan.shards}" --out "$LOCAL/out" --cache "$CACHE"${limitArg(plan)} || rc=$?`,
    'snapshot',
    // No directory rename: bucket mounts (gcsfuse, goofys) do not rename folders; the marker is written last instead.
    '# Results to shared storage; the .done marker, written last, tells the merge this shard is complete.',
    'rm -rf "$DURABLE/shards/$SHARD" "$DURABLE/shards/$SHARD.done"',
    'cp -r "$LOCAL/out" "$DURABLE/shards/$SHARD"',
    'if [ "$rc" -eq 0 ]; then touch "$DURABLE/shards/$SHARD.done"; fi',
    'exit "$rc"',
  ].join('\n');
}

/** The bash body of the final step: merge shards 1..N (sends no request), then validate the merged result. */
export function mergeScript(plan: LaunchPlan, durable: string): string {
  const merges = Array.from({ length: plan.shards }, (_, i) => `--merge "$DURABLE/shards/${i + 1}"`).join(' ');
  return [
    'set -euo pipefail',
    `DURABLE=${durable}`,
    `${userturn} run ${plan.subPath} ${merges} --out "$DURABLE/merged" --no-cache${limitArg(plan)}`,
    `${userturn} validate "$DURABLE/merged/${plan.id}"`,
    `echo "merged result: $DURABLE/merged/${plan.id} (copy it to results/${plan.id} and open a pull request)"`,
  ].join('\n');
}
