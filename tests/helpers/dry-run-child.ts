/**
 * A stand-in for `userturn run <file> --dry-run` in pr-report tests (started as `node dry-run-child.ts --log L
 * --wait N <file> --dry-run`): it appends "start <file>" to L, waits until L holds N starts (or 20 s pass), appends
 * "end <file>", then prints a dry-run table whose figures come from the file name, or fails for a name holding
 * "broken". With N dry runs at once every start comes before the first end; one at a time, each waits out the 20 s.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { log: { type: 'string' }, wait: { type: 'string' }, 'dry-run': { type: 'boolean' } }, allowPositionals: true });
const [file] = positionals;
const log = values.log!;
const starts = () => readFileSync(log, 'utf8').split('\n').filter((l) => l.startsWith('start ')).length;

appendFileSync(log, `start ${file}\n`);
const deadline = Date.now() + 20_000;
while (starts() < Number(values.wait ?? 1) && Date.now() < deadline) await sleep(20);
appendFileSync(log, `end ${file}\n`);
if (file!.includes('broken')) {
  console.error(`dry-run-child: no plan for ${file}`);
  process.exit(3);
}
const n = file!.length;
console.log(`gsm8k\n  greedy  ${n}  ${n * 100}  ${n * 10}\n  items   ${n}\ntotal   ${n * 7}  ${n * 700}  ${n * 70}`);
