import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { formatFieldError, Label, parseWith, type FieldError } from '../../../src/schema/index.ts';
import { shownValue } from '../../../src/schema/shown-value.ts';
import { InputError } from '../../core/errors.ts';

/** A labelled user turn with its context: the unit of calibration. */
export interface CalibrationItem {
  id: string;
  source: string;
  domain: string;
  label: Label;
  question: string;
  response: string;
  user_turn: string;
  hard: string | null;
}

const Context = z.strictObject({
  id: z.string().min(1),
  domain: z.enum(['math', 'instruction_following', 'conversation']),
  question: z.string().min(1),
  response: z.string().min(1),
});
const ContextsFile = z.strictObject({ format: z.literal(1), contexts: z.array(Context).min(1) });
const Item = z.strictObject({ ctx: z.string(), label: Label, u: z.string(), hard: z.string().optional() });
const ItemsFile = z.strictObject({ format: z.literal(1), items: z.array(Item) });
const MtQuestion = z.object({ question_id: z.number(), category: z.string(), turns: z.array(z.string()) });
const MtReference = z.object({ question_id: z.number(), choices: z.array(z.object({ turns: z.array(z.string()) })) });

/** A bad labelled set or MT-Bench file: every `file: field: message`, values quoted and escaped as validate shows them. */
const badInput = (errors: FieldError[]): InputError => new InputError(errors.map(formatFieldError).join('\n'));

/** `data` validated with `schema`, or a throw naming `file`, each field and its value. */
function checked<T extends z.ZodType>(schema: T, data: unknown, file: string): z.infer<T> {
  const r = parseWith(schema, data, file);
  if (!r.ok) throw badInput(r.errors);
  return r.value;
}

/** The lines of a JSONL file validated with `schema`; a bad line throws `file:LINE: field: message`. */
function jsonlRows<T extends z.ZodType>(schema: T, path: string): Array<z.infer<T>> {
  const out: Array<z.infer<T>> = [];
  readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch (e) {
      throw badInput([{ file: `${path}:${i + 1}`, field: '(line)', message: `invalid JSON: ${(e as Error).message}` }]);
    }
    out.push(checked(schema, data, `${path}:${i + 1}`));
  });
  return out;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The shipped calibration set: labelled user turns written for the project (data, kept with the tests). */
export const CALIBRATION_DIR = join(ROOT, 'tests', 'calibration');

/** The blind sets: labelled by people who had not seen the heuristic rules (docs/judges.md says which came when). */
export const JUDGE_SETS_DIR = join(ROOT, 'tests', 'judge-sets');

const SetProvenance = z.strictObject({
  written: z.iso.date(),
  /** Judge versions whose authors developed on the set or saw some of its items. */
  seen_by: z.array(z.string().min(1)),
});
export type SetProvenance = z.infer<typeof SetProvenance>;
const ProvenanceFile = z.strictObject({ format: z.literal(1), sets: z.record(z.string(), SetProvenance) });

/**
 * The blind sets' folders, sorted by name, each with its entry in the folder's provenance.yaml (when each set was
 * written, and which judge versions' authors have seen it); a set folder without an entry is refused.
 */
export function blindSetDirs(root: string = JUDGE_SETS_DIR): Array<{ name: string; dir: string; provenance: SetProvenance }> {
  if (!existsSync(root)) return [];
  const names = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort((a, b) => a.localeCompare(b));
  if (names.length === 0) return [];
  const file = join(root, 'provenance.yaml');
  const { sets } = parseFile(ProvenanceFile, file);
  return names.map((name) => {
    const provenance = sets[name];
    if (!provenance) throw badInput([{ file, field: `sets.${name}`, message: `no entry for the set folder ${name}: say when it was written (written) and which judge versions' authors have seen it (seen_by)` }]);
    return { name, dir: join(root, name), provenance };
  });
}

function parseFile<T extends z.ZodType>(schema: T, path: string): z.infer<T> {
  let data: unknown;
  try {
    data = parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw badInput([{ file: path, field: '(file)', message: err.code === 'ENOENT' ? 'no such file' : (err.message ?? String(e)).split('\n')[0]! }]);
  }
  return checked(schema, data, path);
}

/**
 * Load a labelled set: `contexts.yaml` plus every `items-*.yaml` in `dir` (default: the shipped calibration set).
 * The held-out set uses the same format in a directory outside the repository.
 */
export function loadLabelledSet(dir: string = CALIBRATION_DIR): CalibrationItem[] {
  const contexts = new Map(parseFile(ContextsFile, join(dir, 'contexts.yaml')).contexts.map((c) => [c.id, c]));
  const out: CalibrationItem[] = [];
  for (const f of readdirSync(dir).filter((n) => /^items-.*\.yaml$/.test(n)).sort()) {
    parseFile(ItemsFile, join(dir, f)).items.forEach((it, i) => {
      const c = contexts.get(it.ctx);
      if (!c) throw badInput([{ file: join(dir, f), field: `items[${i}].ctx`, message: `unknown context ${shownValue(it.ctx, ['ctx'])}` }]);
      out.push({
        id: `${f.replace(/\.yaml$/, '')}#${i}`,
        source: f,
        domain: c.domain,
        label: it.label,
        question: c.question,
        response: c.response,
        user_turn: it.u,
        hard: it.hard ?? null,
      });
    });
  }
  return out;
}

/**
 * Stand-in assistant turn for MT-Bench questions without a GPT-4 reference answer (the reference file covers
 * only the math, reasoning and coding questions 101–130). It is deliberately content-free, so a second turn can
 * only be grounded through its own references ("your previous response", "the above", …) or the topic of q:
 * the harder, conservative setting for the heuristic judge.
 */
export const MT_BENCH_STANDIN_RESPONSE = 'Sure. Here is my response to your request.';

/**
 * MT-Bench positive set, built at load time: q = turn 1, a = GPT-4 reference turn 1 (else the stand-in),
 * u = the human-written turn 2, labelled genuine_followup. Returns null when the dataset folder is absent. The folder
 * is always the caller's (--data-dir, USERTURN_DATA_DIR): no fallback of its own, which calibrate's message would deny.
 */
export function loadMtBenchPositives(dir: string): CalibrationItem[] | null {
  const qPath = join(dir, 'question.jsonl');
  if (!existsSync(qPath)) return null;
  const refs = new Map<number, string>();
  const refPath = join(dir, 'reference_answer_gpt-4.jsonl');
  if (existsSync(refPath)) {
    for (const r of jsonlRows(MtReference, refPath)) {
      const t = r.choices[0]?.turns[0];
      if (t) refs.set(r.question_id, t);
    }
  }
  const out: CalibrationItem[] = [];
  for (const q of jsonlRows(MtQuestion, qPath)) {
    if (q.turns.length < 2) continue;
    out.push({
      id: `mt_bench#${q.question_id}`,
      source: 'mt_bench',
      domain: q.category,
      label: 'genuine_followup',
      question: q.turns[0] as string,
      response: refs.get(q.question_id) ?? MT_BENCH_STANDIN_RESPONSE,
      user_turn: q.turns[1] as string,
      hard: null,
    });
  }
  return out;
}
