import { basename, sep } from 'node:path';

export type FileKind = 'submission' | 'suite' | 'summary' | 'samples' | 'calibration' | 'human-agreement' | 'json-schema' | 'unknown';

/** What format a file must follow, decided from where it lives (repository-relative, forward slashes). */
export function classify(relPath: string): FileKind {
  const p = relPath.split(sep).join('/');
  const name = basename(p);
  const parts = p.split('/');
  if (name === 'schema.json' || name.endsWith('.schema.json')) return 'json-schema';
  if (/\.ya?ml$/.test(name) && parts.includes('suites')) return 'suite';
  if (/\.ya?ml$/.test(name) && parts.includes('submissions')) return 'submission';
  if (name === 'summary.json') return 'summary';
  if (name === 'calibration.json') return 'calibration';
  // results/calibration/human-<batch>.json (userturn calibrate --human): a folder with no summary.json, not a model.
  if (parts.at(-2) === 'calibration' && /^human-.+\.json$/.test(name)) return 'human-agreement';
  if (name.endsWith('.jsonl') && parts.at(-2) === 'samples') return 'samples';
  return 'unknown';
}

/**
 * For submissions/<org>/<id>.yaml: the org and id implied by the path (the two segments after the
 * last "submissions" folder), or null when the file is not laid out that way.
 */
export function submissionPathParts(relPath: string): { org: string; id: string } | null {
  const parts = relPath.split(sep).join('/').split('/');
  const i = parts.lastIndexOf('submissions');
  if (i < 0 || parts.length !== i + 3) return null;
  const org = parts[i + 1]!;
  const file = parts[i + 2]!;
  const m = /^(.*)\.ya?ml$/.exec(file);
  return m ? { org, id: m[1]! } : null;
}
