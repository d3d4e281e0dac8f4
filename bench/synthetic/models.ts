/** The models the synthetic results are made for: the committed submissions first, then fictional families. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Submission } from '../../src/schema/index.ts';
import { hashString } from './text.ts';

export interface ModelSpec {
  id: string; display_name: string; family: string; total_b: number; active_b: number;
  repo: string; revision: string;
}

function committedSubmissions(): ModelSpec[] {
  const out: ModelSpec[] = [];
  let orgs: string[] = [];
  try { orgs = readdirSync('submissions', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort(); } catch { return out; }
  for (const org of orgs) {
    for (const f of readdirSync(join('submissions', org)).filter((f) => f.endsWith('.yaml')).sort()) {
      const r = Submission.safeParse(parse(readFileSync(join('submissions', org, f), 'utf8')));
      if (!r.success) continue;
      const s = r.data;
      out.push({ id: s.id, display_name: s.display_name, family: s.family, total_b: s.params.total_b, active_b: s.params.active_b, repo: s.hf.repo, revision: s.hf.revision });
    }
  }
  return out;
}

const FICTIONAL = ['aurora', 'basalt', 'cedar', 'dune', 'ember', 'fjord', 'granite', 'heron'];
const SIZES = [0.5, 1.5, 3, 7, 14, 32, 70];


export function modelList(n: number): ModelSpec[] {
  const list = committedSubmissions().slice(0, n);
  let i = 0;
  while (list.length < n) {
    const fam = FICTIONAL[i % FICTIONAL.length] as string;
    const size = SIZES[Math.floor(i / FICTIONAL.length) % SIZES.length] as number;
    const gen = Math.floor(i / (FICTIONAL.length * SIZES.length)) + 1;
    const moe = fam === 'ember' || fam === 'heron';
    const id = `${fam}-${gen > 1 ? `v${gen}-` : ''}${size}b`;
    list.push({
      id, display_name: `${fam[0]?.toUpperCase()}${fam.slice(1)}${gen > 1 ? ` v${gen}` : ''} ${size}B (synthetic)`, family: fam,
      total_b: moe ? size * 4 : size, active_b: size, repo: `synthetic/${fam}-${size}b`, revision: (hashString(id).toString(16).padStart(8, '0')).repeat(5),
    });
    i++;
  }
  return list;
}
