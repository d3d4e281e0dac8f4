import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stringify } from 'yaml';
import { paperSubmission } from '../../helpers/community-fixtures.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * A clone in miniature (a git work tree) whose submission renders with a template file of the repository
 * (`source: file`, a path from the top), run from docs/ as a newcomer reading the docs would.
 */
function cloneWithFileTemplate(): string {
  const root = mkdtempSync(join(tmpdir(), 'ut-run-subfolder-'));
  for (const d of ['.git', 'docs', 'submissions/acme', 'templates']) mkdirSync(join(root, d), { recursive: true });
  // Qwen3's published template, as its tokenizer package ships it.
  writeFileSync(join(root, 'templates/qwen3.jinja'), (JSON.parse(readFileSync(qwenTemplate, 'utf8')) as { chat_template: string }).chat_template);
  const sub = { ...paperSubmission(), id: 'm', chat_template: { source: 'file', path: 'templates/qwen3.jinja' } };
  writeFileSync(join(root, 'submissions/acme/m.yaml'), stringify(sub));
  return root;
}

let sim: SpawnedSim;
let root: string;
let cache: string;
before(async () => {
  sim = await spawnSim(['--profile', 'restater', '--seed', '5', '--data-dir', fixtureData]);
  root = cloneWithFileTemplate();
  cache = join(mkdtempSync(join(tmpdir(), 'ut-run-subfolder-cache-')), 'requests.sqlite');
});
after(() => sim.stop());

describe('run and doctor from a subfolder of a clone', () => {
  // From docs/ the run looked for docs/templates/qwen3.jinja ("cannot read"), and its results went to docs/results/.
  it('run reads a source: file template from the top and writes the default results/ there; a typed --out is read from the current folder', async () => {
    const docs = join(root, 'docs');
    const args = ['run', '../submissions/acme/m.yaml', '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--cache', cache];
    const r = await runCli(args, { cwd: docs });
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(readFileSync(join(root, 'results/m/summary.json'), 'utf8'));
    assert.equal(summary.provenance.template_source, 'file:templates/qwen3.jinja');
    assert.equal(existsSync(join(docs, 'results')), false, 'no results/ beside the docs');
    assert.match(r.stdout, new RegExp(`^wrote ${join(root, 'results/m/summary.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `, 'm'));

    const typed = await runCli([...args, '--out', 'out'], { cwd: docs });
    assert.equal(typed.code, 0, typed.stderr);
    assert.equal(existsSync(join(docs, 'out/m/summary.json')), true, 'a path the user typed is read from where it was typed');
  });

  it('doctor reads the source: file template from the top and reports what it reports there', async () => {
    const doctor = (cwd: string, file: string) => runCli(['doctor', file, '--base-url', `${sim.url}/v1`, '--data-dir', fixtureData, '--json'], { cwd });
    const top = await doctor(root, 'submissions/acme/m.yaml');
    assert.equal(top.code, 0, top.stdout + top.stderr);
    const fromDocs = await doctor(join(root, 'docs'), '../submissions/acme/m.yaml');
    assert.equal(fromDocs.code, 0, fromDocs.stdout + fromDocs.stderr);
    const timeless = (out: string) => out.replace(/\d+ ms\b/g, 'N ms');
    assert.deepEqual(JSON.parse(timeless(fromDocs.stdout)), JSON.parse(timeless(top.stdout)));
  });
});
