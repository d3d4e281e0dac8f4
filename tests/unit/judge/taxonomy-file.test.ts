import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadJudgePrompt, renderJudgeSystem } from '../../../runners/judge/llm/prompt.ts';
import { asSentences, labelDefinitions } from '../../../src/lib/taxonomy.ts';
import { taxonomyFile } from '../../../src/lib/data-paths.ts';
import { LABELS } from '../../../src/schema/index.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const FILE = taxonomyFile(1);
const text = readFileSync(join(root, FILE), 'utf8');

// The system prompts as judges received them before the definitions moved to benchmark/taxonomy/: a verdict's
// prompt version must keep meaning the same text (and the judge cache is keyed by it).
test('judge-v1 and judge-v2 system prompts are byte-identical to the approved texts', () => {
  assert.equal(sha(renderJudgeSystem(loadJudgePrompt('judge-v1'))), '001a0afcae6458cecb802a975952c28b1e04a96cc75984435355353907fbab88');
  assert.equal(sha(renderJudgeSystem(loadJudgePrompt('judge-v2'))), '45376e7e66aa6df941477e40cbd30be6fc7f130cd83a3d88a6696ac0f5338e87');
});

test('judge-v2 reads its label definitions from the taxonomy file, the text the site shows', () => {
  const defs = labelDefinitions(parse(text), FILE, 1);
  const system = renderJudgeSystem(loadJudgePrompt('judge-v2'));
  for (const l of LABELS) assert.ok(system.includes(`- ${l}: ${defs[l]}`), l);
  assert.equal(loadJudgePrompt('judge-v2').labels.identity_leakage, defs.identity_leakage);
  const shown = asSentences(defs);
  for (const l of LABELS) assert.equal(shown[l].toLowerCase(), defs[l].toLowerCase());
  assert.match(shown.genuine_followup, /^A plausible next user message/);
});

test('a bad taxonomy file is refused with the file and the field named', () => {
  const noMeta = parse(text.replace(/\n  meta_planning:\n    definition: [^\n]*/, ''));
  assert.throws(() => labelDefinitions(noMeta, FILE, 1), (e: Error) => e.message === 'benchmark/taxonomy/v1.yaml: labels.meta_planning: missing (a required field; expected object)');
  assert.throws(() => labelDefinitions(parse(text), FILE, 2), /^Error: benchmark\/taxonomy\/v1\.yaml: version: says 1, expected 2$/);
});
