import { isPinnedRevision, type FieldError, type Submission } from '../../src/schema/index.ts';
import { code, codeBlock, cutAtLine, row, text } from './markdown.ts';
import type { PlanEstimate } from './plan-estimate.ts';
import type { ResultCheck } from './result-checks.ts';

/** The hidden marker the workflow uses to find (and update) its one comment on a pull request. */
export const REPORT_MARKER = '<!-- userturn-pr-report -->';
/** GitHub refuses comments over 65,536 characters; stay well below. */
export const MAX_REPORT_CHARS = 60_000;
const MAX_ERRORS_SHOWN = 200;

export interface SubmissionReport {
  file: string;
  value: Submission;
  /** The engine command as one shell-quoted line, or why serve-cmd refused. */
  serve: { ok: true; line: string } | { ok: false; reason: string };
  plan: PlanEstimate;
}

export interface ReportInput {
  /** Changed files that validate checked (submissions, suites, results). */
  checked: string[];
  /** Changed files that are not a userturn data format (code, docs, …). */
  ignored: string[];
  /** Changed files that no longer exist (deleted or renamed away). */
  missing: string[];
  errors: FieldError[];
  /** Valid submissions among the checked files. */
  submissions: SubmissionReport[];
  /** Valid results summaries among the checked files, with the verified rule applied. */
  results?: ResultCheck[];
}

const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const fmtInt = (x: number) => Math.round(x).toLocaleString('en-US');
const fmtTokens = (x: number) => (x >= 1e9 ? `${(x / 1e9).toFixed(2)}B` : x >= 1e6 ? `${(x / 1e6).toFixed(1)}M` : x >= 1e4 ? `${(x / 1e3).toFixed(0)}k` : fmtInt(x));

function errorLines(errors: FieldError[]): string[] {
  const shown = errors.slice(0, MAX_ERRORS_SHOWN).map((e) => `- ${code(e.file)}: ${code(e.field, { max: 120 })}: ${text(e.message, 400)}`);
  if (errors.length > MAX_ERRORS_SHOWN) shown.push(`- … and ${errors.length - MAX_ERRORS_SHOWN} more (run \`npx userturn validate\` locally for the full list)`);
  return shown;
}

function planCell(plan: PlanEstimate): string {
  if (plan.kind === 'unavailable') return `not available: ${text(plan.reason, 200)}`;
  const parts = [`${fmtInt(plan.requests)} requests`];
  if (plan.items !== null) parts.push(`${fmtInt(plan.items)} items`);
  if (plan.promptTokens !== null) parts.push(`~${fmtTokens(plan.promptTokens)} prompt tokens`);
  if (plan.maxCompletionTokens !== null) parts.push(`at most ${fmtTokens(plan.maxCompletionTokens)} completion tokens`);
  return `${parts.join(', ')} (${text(plan.source, 80)})`;
}

function submissionSection(s: SubmissionReport): string[] {
  const v = s.value;
  const pinned = isPinnedRevision(v.hf.revision);
  const cell = (x: string) => code(x, { inTable: true, max: 120 });
  const lines = [
    `#### ${text(v.display_name, 80)} (${code(v.id)})`,
    '',
    row(['', '']),
    row(['---', '---']),
    row(['File', cell(s.file)]),
    row(['Model', cell(v.hf.repo)]),
    row(['Revision', `${cell(v.hf.revision)} ${pinned ? 'pinned' : '⚠️ unpinned (a branch, not a commit sha): the result cannot be marked verified until it is pinned'}`]),
    row(['Parameters', `${text(String(v.params.total_b))}B total, ${text(String(v.params.active_b))}B active`]),
    row(['Family', cell(v.family)]),
    row(['Serving', `${cell(v.serving.engine)}, tensor parallel ${v.serving.tensor_parallel_size}, max model length ${fmtInt(v.serving.max_model_len)}`]),
    row(['Reasoning', cell(v.reasoning.mode)]),
    row(['Chat template', v.chat_template.source === 'hub' ? 'the model repo’s own (hub)' : `file ${cell(v.chat_template.path)}`]),
    row(['Planned run', planCell(s.plan)]),
    '',
  ];
  if (s.serve.ok) lines.push('Serve command (maintainers run this on a GPU runner):', '', codeBlock(s.serve.line, 'sh'), '');
  else lines.push(`⚠️ No serve command: ${text(s.serve.reason, 400)}`, '');
  return lines;
}

function resultSection(r: ResultCheck): string[] {
  const p = r.summary.provenance;
  const lines = [
    `#### Results: ${text(r.summary.submission.display_name, 80)} (${code(r.summary.submission.id)})`,
    '',
    `${code(r.file)}: suite ${code(`${p.suite_id} v${p.suite_version}`)}, primary judge ${code(p.primary_judge)}${p.simulated ? ', **simulated** (demo data)' : ''}.`,
    '',
    r.verified.verified ? '**Verified**: every condition holds.' : `**Not verified** — ${r.verified.failed.length} of ${r.verified.checks.length} conditions fail:`,
    '',
  ];
  for (const c of r.verified.checks) lines.push(`- ${c.ok ? '✅' : '❌'} ${text(c.label)}: ${text(c.detail, 300)}`);
  lines.push('');
  return lines;
}

/** The whole comment body. Every piece of submission-controlled text goes through markdown.ts. */
export function renderReport(input: ReportInput): string {
  const out: string[] = [REPORT_MARKER, '### userturn submission check', ''];
  const files = input.checked.length;
  if (files === 0 && input.missing.length === 0) {
    out.push('No submission, suite or result files changed in this pull request; nothing to validate.');
  } else if (input.errors.length > 0) {
    const badFiles = new Set(input.errors.map((e) => e.file.replace(/:\d+$/, ''))).size;
    out.push(`❌ **${n(input.errors.length, 'problem')}** in ${n(badFiles, 'file')} (of ${n(files, 'changed file')} checked). Each line is \`file: field: message\`. Fix them and push: this comment updates itself.`, '');
    out.push(...errorLines(input.errors), '');
  } else if (files === 0) {
    out.push('No changed data files are left to validate.', '');
  } else {
    out.push(`✅ **${n(files, 'changed file')} valid.**`, '');
  }
  if (input.missing.length > 0) out.push(`Removed or renamed: ${input.missing.map((m) => code(m)).join(', ')}`, '');
  if (input.submissions.length > 0) {
    out.push(input.errors.length > 0 ? '**Valid submissions in this change** (what they will run):' : '**What will run:**', '');
    for (const s of input.submissions) out.push(...submissionSection(s));
  }
  for (const r of input.results ?? []) out.push(...resultSection(r));
  if (input.ignored.length > 0) out.push(`<sub>Not checked (not a userturn data file): ${n(input.ignored.length, 'file')}.</sub>`, '');
  out.push('<sub>Produced by `userturn pr-report`. A maintainer runs the probe on a GPU runner after review; see CONTRIBUTING.md.</sub>');
  let body = out.join('\n');
  if (body.length > MAX_REPORT_CHARS) body = `${cutAtLine(body, MAX_REPORT_CHARS)}\n\n… (report truncated; run \`npx userturn validate\` locally)`;
  return body + '\n';
}
