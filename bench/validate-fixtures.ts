/**
 * How long `userturn validate` takes on each broken submission fixture (target: under 2 s each),
 * as a user runs it: a fresh process per file. Prints one line per fixture and the worst case.
 *   npm run bench:validate
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli } from '../tests/helpers/cli.ts';

const root = join(REPO_ROOT, 'tests/fixtures/invalid-submissions');
let worst = 0;
for (const name of readdirSync(root).sort()) {
  const subs = join(root, name, 'submissions');
  const org = readdirSync(subs)[0]!;
  const file = join(subs, org, readdirSync(join(subs, org))[0]!);
  const r = runCli(['validate', file]);
  worst = Math.max(worst, r.ms);
  console.log(`${name.padEnd(24)} exit ${r.code}  ${r.ms.toFixed(0).padStart(5)} ms`);
}
console.log(`worst: ${worst.toFixed(0)} ms (target < 2000 ms) ${worst < 2000 ? 'OK' : 'OVER TARGET'}`);
