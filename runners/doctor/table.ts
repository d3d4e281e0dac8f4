import type { CheckResult } from './types.ts';

const LABEL: Record<CheckResult['status'], string> = { pass: 'pass', warn: 'WARN', fail: 'FAIL', 'n/a': 'n/a', skip: 'skip' };

/** The checks as a plain-text table (one row each, the detail unwrapped) and a closing verdict line. */
export function renderTable(results: readonly CheckResult[]): string {
  const w = Math.max(5, ...results.map((r) => r.id.length));
  const lines = [`${'check'.padEnd(w)}  result  detail`, `${'-'.repeat(w)}  ------  ------`];
  for (const r of results) lines.push(`${r.id.padEnd(w)}  ${LABEL[r.status].padEnd(6)}  ${r.title}: ${r.detail}`);
  const failed = results.filter((r) => r.status === 'fail').map((r) => r.id);
  const warned = results.filter((r) => r.status === 'warn').map((r) => r.id);
  const verdict =
    failed.length > 0 ? `doctor: ${failed.length} check(s) failed: ${failed.join(', ')}`
    : warned.length > 0 ? `doctor: no check failed; ${warned.length} warning${warned.length === 1 ? '' : 's'}: ${warned.join(', ')}`
    : 'doctor: every check passed or is not available on this engine';
  lines.push('', verdict);
  return lines.join('\n');
}
