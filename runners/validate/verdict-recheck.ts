import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { formatPath, ResultSummary, type FieldError, type Sample, type Verdict } from '../../src/schema/index.ts';
import { HEURISTIC_VERSION } from '../judge/heuristic/version.ts';
import { promptPlaceholder, promptsAsRun, runFilesOf, type DatasetReader, type RunPrompts } from '../datasets/as-run.ts';
import { readBenchmarkSuites } from '../io/benchmark-suites.ts';
import { datasetOfFile, resultDirOf } from './result-datasets.ts';
import { rejudge, REJUDGE_BUDGET_MS } from './rejudge-deadline.ts';

/** The one judge validate can run again: the current heuristic rules, deterministic and offline. */
export const RECHECKED_JUDGE = `heuristic:${HEURISTIC_VERSION}`;

/** The verdict fields compared, in the order a difference is named (the label first: it is what the rates count). */
const FIELDS = ['kind', 'label', 'rule', 'evidence_span', 'rationale', 'reason', 'shortened'] as const;

/** A stored value as a message quotes it: JSON, cut to a readable length (a rationale can hold 4,000 characters). */
const quote = (v: unknown): string => {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
};

/** The first field in which a stored verdict differs from the one the judge gives now, or null when they are the same. */
export function verdictDifference(stored: Verdict, fresh: Verdict): { field: string; stored: unknown; fresh: unknown } | null {
  const a = stored as Record<string, unknown>;
  const b = fresh as Record<string, unknown>;
  const field = FIELDS.find((f) => !isDeepStrictEqual(a[f], b[f])) ?? Object.keys({ ...a, ...b }).find((k) => !isDeepStrictEqual(a[k], b[k]));
  return field === undefined ? null : { field, stored: a[field], fresh: b[field] };
}

export interface RecheckOptions {
  /** How long one sample may take to judge before it is refused (REJUDGE_BUDGET_MS; tests give less). */
  budgetMs?: number;
}

/**
 * Re-judging the verdicts of one samples file. Every verdict stamped with the current heuristic rules is judged again
 * from exactly what the run gave the judge (runners/probe/user-turn.ts): the sample's question, its `response` (the
 * answer after perturbation, or the reference) and its `user_turn` (already cut at the stop markers where the runner
 * cut it); the judge cuts at the role header itself. A flipped label with a rebuilt summary agrees with every figure,
 * so only this tells. A download-only dataset's samples hold a placeholder where the question was: their verdicts are
 * judged on the prompts in `prompts` (item id → prompt, from the files the run read: `downloadOnlyPrompts`). Verdicts of
 * other judges (older rules, LLM judges) and verdicts on prompts not at hand cannot be re-judged: they are counted for
 * one note per file, which says why the prompts are not at hand when USERTURN_DATA_DIR was read (`unavailable`).
 * The judge runs in a worker thread (rejudge-deadline.ts), started at the first verdict it must re-judge; a sample
 * it takes longer than the budget to judge is refused, and the samples after it are judged as usual.
 */
export function verdictRecheck(display: string, prompts: ReadonlyMap<string, string> | null = null, unavailable?: string, { budgetMs = REJUDGE_BUDGET_MS }: RecheckOptions = {}) {
  const skipped = new Map<string, number>();
  const skip = (id: string) => skipped.set(id, (skipped.get(id) ?? 0) + 1);
  let rejudged = 0;
  return {
    /** The sample's verdicts that the current rules do not give again, as errors at its line (`where`). */
    async errors(s: Sample, where: string): Promise<FieldError[]> {
      const errors: FieldError[] = [];
      // The rules' verdict on this sample, judged once: every verdict of RECHECKED_JUDGE in it is compared with it. A
      // line of 1 MiB could hold thousands of verdicts on the same texts, each judged again (the judge is
      // deterministic, so the answer is the same; only the time was multiplied).
      let fresh: Verdict | undefined;
      // A download-only sample holds the placeholder where the run's judge saw the prompt (decided by the text, so a
      // broken suite file cannot make validate judge a placeholder).
      const hidden = s.question === promptPlaceholder(s.dataset, s.item_id);
      const question = hidden ? prompts?.get(s.item_id) : s.question;
      for (const [i, v] of s.verdicts.entries()) {
        if (v.judge !== RECHECKED_JUDGE || question === undefined) {
          skip(v.judge);
          continue;
        }
        if (fresh === undefined) {
          const judged = await rejudge({ id: s.id, question, response: s.response, user_turn: s.user_turn, dataset: s.dataset }, budgetMs);
          // Two places of the rules still take time growing with the square of the text (docs/judges.md, "Hostile
          // text"): a sample past the deadline is refused, whatever its verdicts say.
          if (judged === null) {
            errors.push({ file: where, field: 'verdicts', message: `re-judging sample ${quote(s.id)} took over ${budgetMs / 1000} s (normal samples take milliseconds): its question, response or user_turn makes the rules' time grow faster than its length; refused` });
            break;
          }
          fresh = judged;
        }
        rejudged++;
        const d = verdictDifference(v, fresh);
        if (!d) continue;
        const rule = (d.field === 'label' || d.field === 'kind') && fresh.kind === 'label' ? ` (rule ${fresh.rule})` : '';
        // A judge_error the rules do not give is also what a run records when its CPU stage's worker stops
        // (runners/probe/judge-all.ts): still an error (it takes the sample out of every rate), with its remedy.
        const why = v.kind === 'judge_error' && fresh.kind === 'label' ? `: the run's judge failed here, or the verdict was edited; \`userturn rejudge <result> --judge heuristic\` labels it` : `: the verdict is not the judge's`;
        errors.push({ file: where, field: formatPath(['verdicts', i, d.field]), message: `is ${quote(d.stored)} but ${RECHECKED_JUDGE} gives ${quote(d.fresh)}${rule} on the ${hidden ? 'prompt (from USERTURN_DATA_DIR)' : 'question'}, response and user_turn of sample ${quote(s.id)}${why}` });
      }
      return errors;
    },
    /** What was not re-judged in the file, as one note; null when every verdict was. */
    note(): FieldError | null {
      if (skipped.size === 0) return null;
      // At most NOTE_JUDGES judges by name: the ids are the file's text, and a hostile file could hold thousands.
      const all = [...skipped];
      const parts = all.slice(0, NOTE_JUDGES).map(([id, n]) => `${n} verdict${n === 1 ? '' : 's'} of ${id} (${whyNot(id, unavailable)})`);
      const more = all.length > NOTE_JUDGES ? ` and ${all.slice(NOTE_JUDGES).reduce((sum, [, n]) => sum + n, 0)} of ${all.length - NOTE_JUDGES} more judges` : '';
      return { file: display, field: 'verdicts', message: `not re-judged: ${parts.join(', ')}${more}${rejudged > 0 ? `; ${rejudged} of ${RECHECKED_JUDGE} re-judged` : ''}` };
    },
  };
}

const NOTE_JUDGES = 5;

function whyNot(id: string, unavailable: string | undefined): string {
  if (id === RECHECKED_JUDGE) {
    const fix = unavailable ? `USERTURN_DATA_DIR does not hold the files the run read: ${unavailable}` : 'USERTURN_DATA_DIR with the files the run read lets validate re-judge them';
    return `a download-only dataset: the judge saw its prompts, which results do not hold; ${fix}`;
  }
  if (id.startsWith('heuristic:')) return `older rules: validate runs only ${HEURISTIC_VERSION}`;
  return 'an LLM judge: its labels can only be spot-checked';
}

/**
 * The prompts of a download-only dataset's samples file (item id → prompt), for re-judging its verdicts: read from
 * `dataDir` (USERTURN_DATA_DIR) when it holds the files the run read, as the summary.json beside samples/ records
 * them; otherwise why not, for the note. Null when the file's dataset is not download-only or no data dir is set.
 */
export async function downloadOnlyPrompts(file: string, downloadOnly: ReadonlySet<string>, dataDir: string | undefined, read: DatasetReader): Promise<RunPrompts | null> {
  const dataset = datasetOfFile(file);
  if (!dataDir || !downloadOnly.has(dataset)) return null;
  let summary: ResultSummary;
  try {
    summary = ResultSummary.parse(JSON.parse(await readFile(join(resultDirOf(file), 'summary.json'), 'utf8')));
  } catch {
    // no summary, or a broken one: reported where it is validated
    return { ok: false, why: 'the summary.json beside samples/ does not say which files the run read' };
  }
  const { suites } = await readBenchmarkSuites();
  const spec = suites.find((x) => x.version === summary.provenance.suite_version)?.datasets.find((d) => d.id === dataset);
  if (!spec) return { ok: false, why: `suite version ${summary.provenance.suite_version} has no ${dataset} entry` };
  return promptsAsRun(spec, runFilesOf(summary, dataset), dataDir, read);
}

/**
 * Datasets whose prompts results do not hold (`download_only` in any suite of the benchmark): only for them are the
 * prompts read from USERTURN_DATA_DIR.
 */
export async function downloadOnlyDatasets(): Promise<ReadonlySet<string>> {
  const { suites } = await readBenchmarkSuites(); // a broken suite file is reported when the suites are validated
  return new Set(suites.flatMap((x) => x.datasets.filter((d) => d.download_only).map((d) => d.id)));
}
