import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { SummaryInput } from '../../src/lib/build-summary.ts';
import type { ProbeSetup } from './types.ts';
import { visibleText } from '../../src/schema/text.ts';
import { packageRoot } from '../core/module-file.ts';
import { servedBySimulator } from '../../src/lib/summary-provenance.ts';

/**
 * A served name as a summary records it: it is the server's text, so its control characters are written out (a
 * hostile server's escape sequences would otherwise make the summary invalid, or reach a terminal that prints it),
 * and a URL's user:password@ (any name is accepted as --served-model-name) reads [redacted]@, which the schema takes.
 */
const recordedName = (m: string): string => visibleText(m).replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1[redacted]@').slice(0, 300);

type GitState = { commit: string | null; dirty: boolean | null };

/** The clone (or installed package) whose code is running: not the folder the run was started in. */
const RUNNER_ROOT = packageRoot(import.meta.url);

/** Where `npm run build:cli` (and so `npm pack`) records the commit the compiled CLI was built from. */
export const BUILT_FROM = join('dist-cli', 'runner-git.json');

/**
 * The git commit of the code that ran and whether its tree had local changes. At the top of a git work tree, one
 * `git status` gives both (its `branch.oid` header is HEAD), started first by a run so it runs while the run is set up.
 * An installed package has no .git of its own (the repository it may sit in is not the code's): it gives what its
 * build recorded (BUILT_FROM), else nulls. `root` is for tests.
 */
export function runnerGit(root: string = RUNNER_ROOT): Promise<GitState> {
  if (!existsSync(join(root, '.git'))) return Promise.resolve(builtFrom(root));
  const args = ['status', '--porcelain=v2', '--branch', '--', 'runners', 'src/lib', 'src/schema', 'package-lock.json'];
  return new Promise((resolve) => {
    execFile('git', args, { cwd: root, encoding: 'utf8' }, (e, out) => {
      const commit = /^# branch\.oid ([0-9a-f]{40,64})$/m.exec(out ?? '')?.[1];
      if (e || !commit) return resolve({ commit: null, dirty: null });
      resolve({ commit, dirty: out.split('\n').some((l) => l !== '' && !l.startsWith('#')) });
    });
  });
}

/** The commit a compiled package was built from, as its build wrote it; nulls when absent or not of that shape. */
function builtFrom(root: string): GitState {
  try {
    const j = JSON.parse(readFileSync(join(root, BUILT_FROM), 'utf8')) as Partial<GitState>;
    if (typeof j.commit === 'string' && /^[0-9a-f]{40,64}$/.test(j.commit) && typeof j.dirty === 'boolean') return { commit: j.commit, dirty: j.dirty };
  } catch {
    // no build record (a clone's own tree, or an older package): unknown
  }
  return { commit: null, dirty: null };
}

// undici sends every request (http-transport.ts); openai gives the errors they are classified by.
const TRACKED = ['openai', 'undici', '@huggingface/jinja', 'zod', 'p-limit', 'yaml'];

/**
 * Versions of the packages that can change what is sent or computed, plus Node itself: those the running code
 * resolves, from its own clone (a run started in another project folder found no node_modules there, "unknown").
 * `root` is for tests.
 */
export function packageVersions(root: string = RUNNER_ROOT): Record<string, string> {
  const req = createRequire(join(root, 'package.json'));
  const out: Record<string, string> = { node: process.versions.node };
  for (const name of TRACKED) {
    try {
      const pkgPath = join(root, 'node_modules', name, 'package.json');
      out[name] = (JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string }).version;
    } catch {
      try {
        out[name] = (req(`${name}/package.json`) as { version: string }).version;
      } catch {
        out[name] = 'unknown';
      }
    }
  }
  return out;
}

/** The summary's provenance of a run: what was planned and sent, by which runner, to which served models. */
export function runProvenance(setup: ProbeSetup, endpointModels: string[], git: GitState): SummaryInput['provenance'] {
  return {
    suite_id: setup.suite.id,
    suite_version: setup.suite.version,
    taxonomy_version: setup.suite.taxonomy_version,
    submission_sha256: setup.submissionSha256,
    template_sha256: setup.template.sha256,
    template_source: setup.template.template.source,
    stop_sequences: setup.builder.userTurnStops,
    decoding: {
      assistant: { temperature: setup.suite.assistant_turn.temperature, top_p: setup.suite.assistant_turn.top_p, max_tokens: setup.assistantMaxTokens },
      user_turn_max_tokens: setup.suite.user_turn.max_tokens,
      conditions: setup.suite.conditions.map((c) => ({ id: c.id, temperature: c.temperature, top_p: c.top_p, samples: c.samples })),
    },
    endpoint_models: endpointModels.map(recordedName),
    simulated: servedBySimulator(endpointModels),
    runner_commit: git.commit,
    runner_dirty: git.dirty,
    package_versions: packageVersions(),
    datasets: setup.datasets.map((d) => ({ id: d.spec.id, files: d.files })),
    shards: setup.shard ? { count: setup.shard.count, merged: [setup.shard.index] } : null,
    assistant_budget: setup.assistantBudget,
    engine_settings: { engine: setup.engine.id, extra_body: { ...setup.extraBody }, runner_cuts_stops: setup.cutAtStops, streamed: setup.streamed },
  };
}

/**
 * The provenance with the names the answers carried in place of the asked one (served-aliases.ts), known only once
 * every answer is in: from the cache rows too, so a rerun records what the run that sent them recorded. Answers under
 * the simulator's name make the run simulated whatever name was asked.
 */
export function withAnsweredModels(p: SummaryInput['provenance'], answeredAs: ReadonlySet<string>): SummaryInput['provenance'] {
  if (answeredAs.size === 0) return p;
  const answered = [...new Set([...answeredAs].map(recordedName))].sort();
  return { ...p, answered_models: answered, simulated: servedBySimulator(p.endpoint_models, answered) };
}
