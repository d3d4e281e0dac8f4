import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { it } from 'node:test';

const root = join(import.meta.dirname, '..', '..', '..');
const generate = (args: string[]) => spawnSync(process.execPath, [join(root, 'bench/synthetic/generate.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });

it('bench/synthetic/generate.ts: a missing --out, an unknown flag or `--items abc` is a usage error (exit 2), before anything is written', () => {
  for (const [args, message] of [[[], /--out DIR is required/], [['--out', 'x', '--bogus'], /unknown option --bogus\n/m], [['--out', 'x', '--items', 'abc'], /--items must be an integer >= 1, got "abc"/]] as const) {
    const r = generate([...args]);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.match(r.stderr, /usage: node bench\/synthetic\/generate\.ts/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    assert.equal(r.stdout, '');
  }
});
