/**
 * Synthetic results generator for site development, e2e tests and the site budgets.
 *
 *   npx tsx-free: node bench/synthetic/generate.ts --out DIR [--models 60] [--full] [--items 12]
 *
 * Writes DIR/<id>/summary.json and DIR/<id>/samples/<dataset>.jsonl, schema-valid and deterministic (same
 * arguments → same bytes). Every summary is stamped `provenance.simulated: true`. The first models reuse the ids of
 * the committed submissions so their pages show something; the rest are fictional families. Without --full each
 * dataset gets --items items (default 12); with --full the suite's full item counts.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { currentSuitePath } from '../../runners/core/defaults.ts';
import {
  LABELS, ResultSummary, Sample, Submission, Suite,
  type ConditionResult, type DatasetId, type DatasetResult, type Label, type LabelCounts, type Condition,
} from '../../src/schema/index.ts';
import { XSS_PAYLOAD, hashString, int, makeItem, pick, rationaleFor, rngFrom, userTurnFor, type Item, type Rng } from './text.ts';

interface ModelSpec {
  id: string; display_name: string; family: string; total_b: number; active_b: number;
  repo: string; revision: string;
}

interface Args { out: string; models: number; full: boolean; items: number; seed: number }

function parseArgs(argv: string[]): Args {
  const a: Args = { out: '', models: 60, full: false, items: 12, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === '--out' && v) { a.out = v; i++; }
    else if (k === '--models' && v) { a.models = Number(v); i++; }
    else if (k === '--items' && v) { a.items = Number(v); i++; }
    else if (k === '--seed' && v) { a.seed = Number(v); i++; }
    else if (k === '--full') a.full = true;
    else throw new Error(`unknown argument ${k}; usage: generate.ts --out DIR [--models N] [--full] [--items K] [--seed S]`);
  }
  if (!a.out) throw new Error('--out DIR is required');
  if (!Number.isInteger(a.models) || a.models < 1) throw new Error('--models must be a positive integer');
  return a;
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

function modelList(n: number): ModelSpec[] {
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

/** Failure-mode weights per family (the rest of the mass after genuine follow-ups). */
function failureWeights(family: string): Record<Exclude<Label, 'genuine_followup'>, number> {
  const base = { prompt_restatement: 1, new_unrelated_query: 1, identity_leakage: 1, meta_planning: 1, generic_closing: 1, empty_or_degenerate: 0.3 };
  const lean: Record<string, Partial<typeof base>> = {
    'qwen3.5': { prompt_restatement: 5, new_unrelated_query: 3 },
    'gpt-oss': { meta_planning: 6, identity_leakage: 2 },
    glm: { identity_leakage: 5, generic_closing: 2 },
    aurora: { generic_closing: 5 }, basalt: { new_unrelated_query: 5 }, cedar: { prompt_restatement: 2, generic_closing: 2 },
    dune: { empty_or_degenerate: 4 }, ember: { meta_planning: 3, identity_leakage: 3 }, fjord: { prompt_restatement: 4 },
    granite: { identity_leakage: 4 }, heron: { new_unrelated_query: 2, meta_planning: 2 },
  };
  const fam = Object.keys(lean).find((k) => family.startsWith(k));
  return { ...base, ...(fam ? lean[fam] : {}) };
}

interface Profile { greedy: number; latent: number; acc: (d: DatasetId) => number; weights: Array<[Label, number]> }

function profileFor(m: ModelSpec, seed: number): Profile {
  const rng = rngFrom(hashString(`profile:${m.id}:${seed}`));
  const logSize = Math.log10(m.total_b);
  const famBoost = m.family.startsWith('cedar') ? 0.25 : m.family.startsWith('heron') ? 0.12 : 0;
  const greedy = Math.min(0.6, 0.005 + rng() * 0.04 + famBoost);
  const latent = Math.min(0.5, 0.04 + 0.05 * Math.max(0, logSize) + rng() * 0.05 + famBoost / 2);
  const w = failureWeights(m.family);
  return {
    greedy, latent,
    acc: (d) => {
      const base = d === 'gsm8k' ? 0.45 + 0.2 * logSize : 0.45 + 0.12 * logSize;
      return Math.max(0.05, Math.min(0.98, base + (rng() - 0.5) * 0.06));
    },
    weights: Object.entries(w) as Array<[Label, number]>,
  };
}

function conditionRate(p: Profile, c: Condition, dataset: DatasetId): number {
  const conv = dataset === 'mt_bench' || dataset === 'vicuna_bench' ? 1.6 : 1;
  let r = p.greedy + p.latent * (c.temperature / 1.0) * 0.6;
  if (c.perturbation.kind === 'truncate') r += 0.06;
  if (c.perturbation.kind === 'append') r -= p.greedy * 0.5;
  if (c.perturbation.kind === 'reference') r += 0.02;
  return Math.max(0, Math.min(0.95, r * conv));
}

function drawFailure(p: Profile, rng: Rng): Label {
  const total = p.weights.reduce((s, [, w]) => s + w, 0);
  let x = rng() * total;
  for (const [l, w] of p.weights) { x -= w; if (x <= 0) return l; }
  return p.weights[0]?.[0] ?? 'generic_closing';
}

const emptyCounts = (): LabelCounts => Object.fromEntries(LABELS.map((l) => [l, 0])) as LabelCounts;
const clamp01 = (x: number): number => Math.max(0, Math.min(1, x));

/** Mean with a normal-approximation 95% CI over per-item values (cheap stand-in for the bootstrap). */
function estimate(values: number[]): { value: number; lo: number; hi: number; n: number } | null {
  const n = values.length;
  if (n === 0) return null;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = 1.96 * sd / Math.sqrt(n);
  return { value: clamp01(mean), lo: clamp01(mean - half), hi: clamp01(mean + half), n };
}
function delta(values: number[]): { value: number; lo: number; hi: number; n: number } | null {
  const n = values.length;
  if (n === 0) return null;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = 1.96 * sd / Math.sqrt(n);
  const c = (x: number) => Math.max(-1, Math.min(1, x));
  return { value: c(mean), lo: c(mean - half), hi: c(mean + half), n };
}

function kappa(conf: number[][]): { n: number; percent: number | null; kappa: number | null } {
  const n = conf.reduce((s, r) => s + r.reduce((a, b) => a + b, 0), 0);
  if (n === 0) return { n, percent: null, kappa: null };
  let agree = 0; let pe = 0;
  for (let i = 0; i < conf.length; i++) {
    agree += conf[i]?.[i] ?? 0;
    const row = (conf[i] ?? []).reduce((a, b) => a + b, 0);
    const col = conf.reduce((s, r) => s + (r[i] ?? 0), 0);
    pe += (row / n) * (col / n);
  }
  const po = agree / n;
  return { n, percent: po, kappa: pe >= 1 ? null : Math.max(-1, Math.min(1, (po - pe) / (1 - pe))) };
}

const PRIMARY = 'llm:gpt-5.4-mini:judge-v1';
const SECONDARY = 'heuristic:rules-1';
const ZERO_SHA = '0'.repeat(64);

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  // Synthetic results are made "with" the current suite, as a real run today would be.
  const suite = Suite.parse(parse(readFileSync(currentSuitePath('.'), 'utf8')));
  const datasets = suite.datasets.filter((d) => d.enabled);
  const models = modelList(args.models);
  rmSync(args.out, { recursive: true, force: true });
  mkdirSync(args.out, { recursive: true });
  let totalSamples = 0;
  const t0 = Date.now();

  models.forEach((m, mi) => {
    const prof = profileFor(m, args.seed);
    const dir = join(args.out, m.id);
    mkdirSync(join(dir, 'samples'), { recursive: true });
    const dsResults: DatasetResult[] = [];
    const conf = LABELS.map(() => LABELS.map(() => 0));
    let modelSamples = 0;

    for (const ds of datasets) {
      const nItems = args.full ? (ds.item_cap ?? ds.items ?? 200) : Math.min(args.items, ds.items ?? args.items);
      const accRate = prof.acc(ds.id);
      const items: Item[] = [];
      for (let i = 0; i < nItems; i++) items.push(makeItem(ds.id, i, rngFrom(hashString(`item:${ds.id}:${i}:${args.seed}`))));
      const correct = items.map((it) => rngFrom(hashString(`acc:${m.id}:${it.item_id}`))() < accRate);
      const lines: string[] = [];
      const condResults: ConditionResult[] = [];
      const greedyPerItem = new Map<string, number>();

      for (const c of suite.conditions) {
        const hasRef = ds.id !== 'ifeval' && ds.id !== 'ifbench';
        if (c.perturbation.kind === 'reference' && !hasRef) continue;
        const rate = conditionRate(prof, c, ds.id);
        const labels = emptyCounts();
        const perItemRate: number[] = [];
        const perItemAny: number[] = [];
        const deltas: number[] = [];
        let nSamples = 0; let nJudged = 0; let nJudgeErr = 0; let nReqErr = 0;
        items.forEach((it, ii) => {
          const rng = rngFrom(hashString(`s:${m.id}:${it.item_id}:${c.id}:${args.seed}`));
          const itemFactor = 0.4 + 1.2 * rngFrom(hashString(`if:${m.id}:${it.item_id}`))();
          let genuine = 0; let judged = 0;
          for (let k = 0; k < c.samples; k++) {
            nSamples++;
            const reqError = rng() < 0.002;
            const label: Label = rng() < rate * itemFactor ? 'genuine_followup' : drawFailure(prof, rng);
            let userTurn = reqError ? '' : userTurnFor(label, it, ds.id, rng);
            if (mi === 0 && ds.id === datasets[0]?.id && ii === 2 && c.id === 'greedy') userTurn = XSS_PAYLOAD;
            let response = it.response;
            if (c.perturbation.kind === 'truncate') {
              const cut = Math.floor(response.length * c.perturbation.fraction);
              const sp = response.lastIndexOf(' ', cut);
              response = response.slice(0, sp > 0 ? sp : cut);
            } else if (c.perturbation.kind === 'append') response = `${response}${c.perturbation.separator}${c.perturbation.text}`;
            else if (c.perturbation.kind === 'reference') response = it.reference ?? response;
            const judgeErr = !reqError && rng() < 0.003;
            const secondLabel: Label = rng() < 0.82 ? label : pick(rng, LABELS);
            const verdicts: Sample['verdicts'] = reqError ? [] : [
              judgeErr
                ? { kind: 'judge_error', reason: 'unparseable judge output after 3 retries', judge: PRIMARY }
                : { kind: 'label', label, rationale: rationaleFor(label), evidence_span: userTurn.slice(0, 80) || null, rule: null, judge: PRIMARY },
              { kind: 'label', label: secondLabel, rationale: rationaleFor(secondLabel), evidence_span: null, rule: `rule:${secondLabel}`, judge: SECONDARY },
            ];
            if (!reqError && !judgeErr) {
              judged++; nJudged++; labels[label]++;
              if (label === 'genuine_followup') genuine++;
              conf[LABELS.indexOf(label)]![LABELS.indexOf(secondLabel)]!++;
            }
            if (reqError) nReqErr++;
            if (judgeErr) nJudgeErr++;
            const sample: Sample = {
              format: 1, id: `${it.item_id}~${c.id}~${k}`, submission_id: m.id, dataset: ds.id, item_id: it.item_id,
              condition: c.id, sample_index: k, question: it.question, response,
              assistant_finish_reason: 'stop',
              accuracy: ds.accuracy === null ? null : ds.accuracy === 'gsm8k'
                ? { kind: 'gsm8k', correct: correct[ii] ?? false, extracted: correct[ii] ? String(it.answer) : String(it.answer + 1), rule: 'the answer is', reference: String(it.answer) }
                : { kind: 'instructions', strict: correct[ii] ?? false, loose: correct[ii] || rng() < 0.3, instructions: [{ id: 'punctuation:no_comma', strict: correct[ii] ?? false, loose: true, reason: correct[ii] ? null : 'found 2 commas' }] },
              user_turn: userTurn,
              finish_reason: reqError ? null : (label === 'empty_or_degenerate' && userTurn.startsWith('the the') ? 'length' : 'stop'),
              seed: c.temperature > 0 ? hashString(`${suite.seed}:${it.item_id}:${c.id}:${k}`) : null,
              temperature: c.temperature, top_p: c.top_p,
              prompt_sha256: reqError ? null : hashString(`p:${m.id}:${it.item_id}:${c.id}`).toString(16).padStart(8, '0').repeat(8),
              timings: { assistant_ms: 200 + int(rng, 0, 3000), user_turn_ms: reqError ? null : 50 + int(rng, 0, 900) },
              error: reqError ? { stage: 'user_turn', reason: 'HTTP 500 after 5 retries' } : null,
              verdicts,
            };
            lines.push(JSON.stringify(sample));
          }
          if (judged > 0) {
            perItemRate.push(genuine / judged);
            perItemAny.push(genuine > 0 ? 1 : 0);
            if (c.id === 'greedy') greedyPerItem.set(it.item_id, genuine / judged);
            else {
              const g = greedyPerItem.get(it.item_id);
              if (g !== undefined) deltas.push(genuine / judged - g);
            }
          }
        });
        condResults.push({
          condition: c.id, temperature: c.temperature, samples_per_item: c.samples, n_samples: nSamples, n_judged: nJudged,
          n_judge_errors: nJudgeErr, n_request_errors: nReqErr, followup: estimate(perItemRate),
          any_of_k: c.samples > 1 ? estimate(perItemAny) : null, labels, delta_vs_greedy: c.id === 'greedy' ? null : delta(deltas),
        });
      }
      totalSamples += lines.length;
      modelSamples += lines.length;
      writeFileSync(join(dir, 'samples', `${ds.id}.jsonl`), lines.join('\n') + '\n');
      const accEst = estimate(correct.map((x) => (x ? 1 : 0)));
      dsResults.push({
        dataset: ds.id, n_items: items.length, item_ids: items.map((i) => i.item_id),
        accuracy: ds.accuracy === null || !accEst ? null : {
          metric: ds.accuracy === 'gsm8k' ? 'gsm8k_exact' : 'prompt_level', strict: accEst,
          loose: ds.accuracy === 'gsm8k' ? null : { ...accEst, value: clamp01(accEst.value + 0.04), hi: clamp01(accEst.hi + 0.04), lo: clamp01(accEst.lo + 0.04) },
          instruction_strict: ds.accuracy === 'gsm8k' ? null : clamp01(accEst.value + 0.08),
          instruction_loose: ds.accuracy === 'gsm8k' ? null : clamp01(accEst.value + 0.11),
        },
        conditions: condResults,
      });
    }

    const k = kappa(conf);
    const started = new Date(Date.UTC(2026, 10, 1) + mi * 3_600_000);
    const summary: ResultSummary = {
      format: 1,
      submission: { id: m.id, display_name: m.display_name, family: m.family, hf: { repo: m.repo, revision: m.revision, pinned: /^[0-9a-f]{40}$/.test(m.revision) }, params: { total_b: m.total_b, active_b: m.active_b } },
      datasets: dsResults,
      agreement: [{ judge_a: PRIMARY, judge_b: SECONDARY, n: k.n, percent: k.percent, kappa: k.kappa, confusion: conf }],
      provenance: {
        suite_id: suite.id, suite_version: suite.version, taxonomy_version: suite.taxonomy_version,
        submission_sha256: hashString(`sub:${m.id}`).toString(16).padStart(8, '0').repeat(8),
        template_sha256: hashString(`tpl:${m.family}`).toString(16).padStart(8, '0').repeat(8),
        template_source: `hub:${m.repo}@${m.revision}/chat_template.jinja`,
        stop_sequences: ['<|im_end|>', '<|im_start|>'],
        decoding: {
          assistant: { temperature: suite.assistant_turn.temperature, top_p: suite.assistant_turn.top_p, max_tokens: suite.assistant_turn.max_tokens },
          user_turn_max_tokens: suite.user_turn.max_tokens,
          conditions: suite.conditions.map((c) => ({ id: c.id, temperature: c.temperature, top_p: c.top_p, samples: c.samples })),
        },
        judges: [
          { id: PRIMARY, kind: 'llm', model: 'gpt-5.4-mini', prompt_version: suite.judge_prompt_version, temperature: 0, max_tokens: 400 },
          { id: SECONDARY, kind: 'heuristic', model: null, prompt_version: 'rules-1', temperature: null, max_tokens: null },
        ],
        primary_judge: PRIMARY,
        endpoint_models: [`synthetic/${m.id}`],
        simulated: true,
        runner_commit: null, runner_dirty: null,
        package_versions: { userturn: '0.1.0', generator: 'bench/synthetic' },
        datasets: datasets.map((d) => ({ id: d.id, files: d.source.files.map((f) => ({ name: f.name, sha256: f.sha256 ?? ZERO_SHA })) })),
        shards: null,
      },
      run: {
        started_at: started.toISOString(), finished_at: new Date(started.getTime() + 1_800_000).toISOString(), duration_s: 1800,
        requests_sent: modelSamples * 2, cache_hits: 0, request_errors: 0, endpoints: ['http://127.0.0.1:0/v1 (synthetic)'],
      },
    };
    ResultSummary.parse(summary);
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary, null, 1) + '\n');
  });
  // Self-check: one line of every file parses with the Sample schema.
  console.log(`synthetic results: ${models.length} models, ${datasets.length} datasets, ${totalSamples} samples → ${args.out} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  void Sample;
}

main();
