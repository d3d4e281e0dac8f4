import { basename } from 'node:path';
import { AnnotationFileError, renderBatch } from '../../annotate/batch-file.ts';
import { drawBatch } from '../../annotate/draw-batch.ts';
import { ResultLoadError } from '../../judge/rejudge/load-result.ts';
import { writeFileAtomic } from '../../results/atomic.ts';
import { intFlag } from '../../core/args.ts';
import { InputError, UsageError } from '../../core/errors.ts';
import { runCommand } from '../command.ts';
import { OUT_FLAG } from '../flags.ts';
import { shownPath } from '../../core/terminal-text.ts';

export const summary = 'draw a blinded, stratified batch of stored user turns for human annotation (the /annotate/ page)';

/** What calibrate writes into a results folder (runners/cli/commands/calibrate.ts, runners/annotate/human-calibrate.ts). */
const CALIBRATION_ENTRIES = new Set(['calibration.json', 'calibration']);

const USAGE = `usage: userturn annotate sample --results DIR… --n N --seed S --out batch.jsonl [--floor F]

Draws a stratified sample of stored user turns from result folders (results/<id>/), for people to label on the
site's /annotate/ page. Strata: dataset × condition × the primary judge's label × family; every stratum gets at
least --floor items (default 2, fewer if it is smaller) so rare labels appear, and the rest of --n is shared in
proportion to stratum size. The batch is blinded (no model, no judge label) and shuffled; its first line records
the seed, the strata and the hashes of the source files, so the same command redraws the same batch.
Every result is validated first; a broken one is refused with its file, line and field.

  --results DIR   a result folder (repeatable, or several after one flag)
  --n N           items in the batch (e.g. 200)
  --seed S        random seed (integer >= 0)
  --floor F       minimum items per stratum (default 2)
  --out FILE      the batch file to write (JSONL)

Exit 0 when written, 1 on invalid results, 2 on usage errors.`;

const OPTIONS = { results: { type: 'string', multiple: true }, n: { type: 'string' }, seed: { type: 'string' }, floor: { type: 'string' }, ...OUT_FLAG } as const;

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  // `annotate --help` and a missing or unknown subcommand go through the same frame as `annotate sample …`.
  if (sub !== 'sample') return runCommand(argv, { usage: USAGE, options: {} }, async () => {
    throw new UsageError(sub ? `unknown subcommand "${sub}"` : 'missing subcommand "sample"');
  });
  return runCommand(rest, { usage: USAGE, options: OPTIONS }, async ({ values, positionals }) => {
    // `--results a b c`: the folders after the flag arrive as positionals. `results/*` also names the files
    // calibrate writes next to the results (calibration.json, calibration/): they are not results, so they are
    // passed over, as the site build does.
    const dirs = [...(values.results ?? []), ...positionals].filter((d) => !CALIBRATION_ENTRIES.has(basename(d.replace(/\/+$/, ''))));
    if (dirs.length === 0) throw new UsageError('--results DIR is required');
    if (values.n === undefined) throw new UsageError('--n N is required');
    if (values.seed === undefined) throw new UsageError('--seed S is required');
    if (!values.out) throw new UsageError('--out FILE is required');
    const n = intFlag('n', values.n, 200);
    const seed = intFlag('seed', values.seed, 0, 0);
    const floor = intFlag('floor', values.floor, 2, 0);
    let drawn;
    try {
      drawn = await drawBatch(dirs, { n, seed, floor });
    } catch (e) {
      if (e instanceof ResultLoadError || e instanceof AnnotationFileError) throw new InputError(`annotate sample: refused, a result does not validate:\n${e.message}`);
      if (e instanceof RangeError) throw new InputError(`annotate sample: ${e.message}`);
      throw e;
    }
    await writeFileAtomic(values.out, renderBatch(drawn.header, drawn.items));
    const nonEmpty = drawn.header.strata.filter((s) => s.drawn > 0).length;
    console.log(`wrote ${shownPath(values.out)}: ${drawn.items.length} item${drawn.items.length === 1 ? '' : 's'} from ${drawn.header.sources.length} result${drawn.header.sources.length === 1 ? '' : 's'}, ${nonEmpty}/${drawn.header.strata.length} strata${drawn.header.floor_met ? '' : ` (n too small for a floor of ${floor} in every stratum: one per stratum, labels interleaved)`}; batch ${drawn.header.batch_sha256.slice(0, 12)}`);
    return 0;
  });
}
