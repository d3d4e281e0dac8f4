import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BUILT_FROM, runnerGit } from '../../probe/provenance.ts';

/**
 * `npm run build:cli` (also run by `prepack`): the compiled CLI the npm package ships. tsc emits runners/ and the
 * src/lib + src/schema files they import to dist-cli/ (tsconfig.cli.json); then the data the code reads at run
 * time is copied to the same place relative to the compiled code as it has to the sources in a clone.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const OUT = join(ROOT, 'dist-cli');
/** Read at run time relative to the code: suites, policy and taxonomy (src/lib/data-paths.ts), judge prompts. */
const ASSETS = ['benchmark/README.md', 'benchmark/suites', 'benchmark/policy', 'benchmark/taxonomy', 'runners/judge/prompts'];

rmSync(OUT, { recursive: true, force: true }); // no compiled file outlives its deleted source
const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.cli.json')], { stdio: 'inherit' });
if (r.status !== 0) {
  console.error('build:cli: tsc failed');
  process.exit(1);
}
for (const a of ASSETS) cpSync(join(ROOT, a), join(OUT, a), { recursive: true });
// The package has no .git: a run of it names the commit it was built from (none when built outside a clone).
const git = await runnerGit(ROOT);
if (git.commit !== null) writeFileSync(join(ROOT, BUILT_FROM), `${JSON.stringify(git)}\n`);
console.log(`build:cli: wrote ${OUT}`);
