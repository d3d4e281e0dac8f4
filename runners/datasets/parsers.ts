import { datasetFormat, type AccuracyKind, type DatasetSpec } from '../../src/schema/index.ts';
import { idOf, parseJsonl, str } from './jsonl.ts';
import type { DatasetItem } from '../core/items.ts';

/** Raw file texts of one dataset, by file name, in the suite entry's order (runners/datasets/files.ts). */
export type FileTexts = Map<string, string>;

/** The file that holds the items, as [name, text]: the first one. */
function itemsFile(files: FileTexts, dataset: string): [string, string] {
  const first = [...files.entries()][0];
  if (first === undefined) throw new Error(`${dataset}: missing file`);
  return first;
}

/** The reference answers, where the dataset has them: the second file. */
const referencesFile = (files: FileTexts): [string, string] | null => [...files.entries()][1] ?? null;

/**
 * The GSM8K reference solution as a readable response: calculator annotations <<…>> removed and the
 * "#### N" line turned into a sentence (the reference condition shows it as the assistant turn).
 */
export function gsm8kReferenceResponse(solution: string): string {
  const body = solution.replace(/<<[^>]*>>/g, '');
  return body.replace(/\n?####\s*(.+)\s*$/, (_, n: string) => `\nThe answer is ${n.trim()}.`).trim();
}

/** The dataset entry fields a parser reads: the id names the items, `accuracy` the verifier they carry data for. */
type ParseSpec = Pick<DatasetSpec, 'id' | 'accuracy' | 'source'>;

function gsm8k({ id: dataset, accuracy }: ParseSpec, files: FileTexts): DatasetItem[] {
  const [name, text] = itemsFile(files, dataset);
  const rows = parseJsonl(text, `${dataset}/${name}`);
  const width = Math.max(4, String(rows.length - 1).length);
  return rows.map((row, i) => {
    const where = `${dataset}/${name}:${i + 1}`;
    const id = String(i).padStart(width, '0');
    const answer = str(row, 'answer', where);
    return {
      dataset,
      id,
      question: str(row, 'question', where),
      reference: gsm8kReferenceResponse(answer),
      verifier: accuracy === 'gsm8k' ? { dataset: 'gsm8k', id, reference_answer: answer } : null,
    };
  });
}

/** The verifier kind of an instruction set: the suite's `accuracy` (the suite schema allows only these two here). */
const instructionVerifier = (accuracy: AccuracyKind | null): 'ifeval' | 'ifbench' | null => (accuracy === 'ifeval' || accuracy === 'ifbench' ? accuracy : null);

function instructions({ id: dataset, accuracy }: ParseSpec, files: FileTexts): DatasetItem[] {
  const kind = instructionVerifier(accuracy);
  const [file, text] = itemsFile(files, dataset);
  return parseJsonl(text, `${dataset}/${file}`).map((row, i) => {
    const where = `${dataset}/${file}:${i + 1}`;
    const id = idOf(row.key, where);
    const prompt = str(row, 'prompt', where);
    const ids = row.instruction_id_list;
    const kwargs = row.kwargs;
    if (!Array.isArray(ids) || !ids.every((x) => typeof x === 'string')) throw new Error(`${where}: instruction_id_list must be a list of strings`);
    if (!Array.isArray(kwargs)) throw new Error(`${where}: kwargs must be a list`);
    return {
      dataset,
      id,
      question: prompt,
      reference: null,
      verifier: kind && { dataset: kind, id, prompt, instruction_id_list: ids as string[], kwargs: kwargs as Array<Record<string, unknown>> },
    };
  });
}

/** MT-Bench / Vicuna: first turns; GPT-4 reference answers (first turn) where the file has one. */
function fastchat({ id: dataset }: ParseSpec, files: FileTexts): DatasetItem[] {
  const refs = new Map<string, string>();
  const [name, text] = itemsFile(files, dataset);
  const refFile = referencesFile(files);
  if (refFile !== null) {
    const [refName, refText] = refFile;
    parseJsonl(refText, `${dataset}/${refName}`).forEach((row, i) => {
      const where = `${dataset}/${refName}:${i + 1}`;
      const turns = (row.choices as Array<{ turns?: unknown[] }> | undefined)?.[0]?.turns;
      if (typeof turns?.[0] === 'string') refs.set(idOf(row.question_id, where), turns[0]);
    });
  }
  return parseJsonl(text, `${dataset}/${name}`).map((row, i) => {
    const where = `${dataset}/${name}:${i + 1}`;
    const id = idOf(row.question_id, where);
    const turns = row.turns;
    if (!Array.isArray(turns) || typeof turns[0] !== 'string') throw new Error(`${where}: turns must be a non-empty list of strings`);
    return { dataset, id, question: turns[0], reference: refs.get(id) ?? null, verifier: null };
  });
}

/** HealthBench: the last user message of each prompt conversation (download-only set). */
function healthbench({ id: dataset }: ParseSpec, files: FileTexts): DatasetItem[] {
  const [name, text] = itemsFile(files, dataset);
  return parseJsonl(text, `${dataset}/${name}`).map((row, i) => {
    const where = `${dataset}/${name}:${i + 1}`;
    const prompt = row.prompt as Array<{ role?: string; content?: string }> | undefined;
    const lastUser = Array.isArray(prompt) ? [...prompt].reverse().find((m) => m.role === 'user') : undefined;
    if (typeof lastUser?.content !== 'string') throw new Error(`${where}: no user message in prompt`);
    return { dataset, id: idOf(row.prompt_id, where), question: lastUser.content, reference: null, verifier: null };
  });
}

/** The parser of each file layout a suite's `source.format` can name. */
const PARSERS = { gsm8k, ifeval: instructions, fastchat, healthbench } as const;

/** A dataset's items, parsed by the layout its suite entry names (`source.format`, or the id's layout for v1/v2). */
export function parseDataset(spec: ParseSpec, files: FileTexts): DatasetItem[] {
  return PARSERS[datasetFormat(spec)](spec, files);
}
