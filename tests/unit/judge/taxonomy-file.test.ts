import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadJudgePrompt, renderJudgeSystem } from '../../../runners/judge/llm/prompt.ts';
import { labelDefinitions, labelMeanings } from '../../../src/lib/taxonomy.ts';
import { taxonomyFile } from '../../../src/lib/data-paths.ts';
import { LABELS } from '../../../src/schema/index.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

// The system prompts as judges received them before the definitions moved to benchmark/taxonomy/: a verdict's
// prompt version must keep meaning the same text (and the judge cache is keyed by it).
test('judge-v1 and judge-v2 system prompts are byte-identical to the approved texts', () => {
  assert.equal(sha(renderJudgeSystem(loadJudgePrompt('judge-v1'))), '001a0afcae6458cecb802a975952c28b1e04a96cc75984435355353907fbab88');
  assert.equal(sha(renderJudgeSystem(loadJudgePrompt('judge-v2'))), '45376e7e66aa6df941477e40cbd30be6fc7f130cd83a3d88a6696ac0f5338e87');
});

test('judge-v2 reads its label definitions from the taxonomy file, the text the site shows', () => {
  const defs = labelDefinitions(1, root);
  const system = renderJudgeSystem(loadJudgePrompt('judge-v2'));
  for (const l of LABELS) assert.ok(system.includes(`- ${l}: ${defs[l]}`), l);
  assert.equal(loadJudgePrompt('judge-v2').labels.identity_leakage, defs.identity_leakage);
  const shown = labelMeanings(1, root);
  for (const l of LABELS) assert.equal(shown[l].toLowerCase(), defs[l].toLowerCase());
  assert.match(shown.genuine_followup, /^A plausible next user message/);
});

test('a bad taxonomy file is refused with the file and the field named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'taxonomy-'));
  const file = join(dir, taxonomyFile(1));
  mkdirSync(dirname(file), { recursive: true });
  const good = readFileSync(join(root, taxonomyFile(1)), 'utf8');
  writeFileSync(file, good.replace(/\n  meta_planning:\n    definition: [^\n]*/, ''));
  assert.throws(() => labelDefinitions(1, dir), (e: Error) => e.message === 'benchmark/taxonomy/v1.yaml: labels.meta_planning: Invalid input: expected object, received undefined');
  writeFileSync(file, good.replace('version: 1', 'version: 2'));
  assert.throws(() => labelDefinitions(1, dir), /^Error: benchmark\/taxonomy\/v1\.yaml: version: says 2, expected 1$/);
  assert.throws(() => labelDefinitions(3, dir), /^Error: benchmark\/taxonomy\/v3\.yaml: \(root\): ENOENT/);
});
