import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { REPO_ROOT } from './cli.ts';

/** A real submission from the paper set, as a plain object to tweak. */
export function paperSubmission(rel = 'submissions/qwen/qwen3.5-9b.yaml'): Record<string, any> {
  return parse(readFileSync(join(REPO_ROOT, rel), 'utf8'));
}

/** A throwaway repository root holding the given files (objects are written as YAML with the schema line). */
export function tempRepo(files: Record<string, Record<string, unknown> | string>): string {
  const root = mkdtempSync(join(tmpdir(), 'userturn-community-'));
  for (const [rel, content] of Object.entries(files)) {
    const path = join(root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, typeof content === 'string' ? content : `# yaml-language-server: $schema=../schema.json\n${stringify(content)}`);
  }
  return root;
}
