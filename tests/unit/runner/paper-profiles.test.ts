/**
 * The paper-regime simulator profiles encode the published figures of arXiv 2604.02315 (abstract) and the
 * demo runs one per committed paper submission. Shares are computed from the mixtures the simulator draws from;
 * accuracy is measured on generated answers.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { generate } from '../../../runners/sim/generate.ts';
import { PAPER_PROFILES } from '../../../runners/sim/paper-profiles.ts';
import { CARICATURE_PROFILES, labelWeights, PROFILES, type Profile } from '../../../runners/sim/profiles.ts';
import { LABELS } from '../../../src/schema/index.ts';

const share = (p: Profile, ctx: { temperature: number; truncated?: boolean; endsWithQuestion?: boolean }): number => {
  const w = labelWeights(p, { truncated: false, endsWithQuestion: false, ...ctx });
  return w.genuine_followup / LABELS.reduce((s, l) => s + w[l], 0);
};
const P = (id: string): Profile => PAPER_PROFILES[`paper-${id}`] ?? assert.fail(`no profile paper-${id}`);
const qwen = Object.values(PAPER_PROFILES).filter((p) => p.name.startsWith('paper-qwen3.5-'));
const reactive = ['gpt-oss-20b', 'gpt-oss-120b', 'glm-4.5-air'].map(P);

describe('paper-regime profiles', () => {
  it('one profile per paper model, each with its committed submission, and the demo submissions mirror them', () => {
    // Community submissions join the paper's in submissions/: only the paper's are matched to profiles (counting
    // every file failed npm test, and so the site's deploy, on the first model merged).
    const committed = readdirSync('submissions', { withFileTypes: true }).filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(join('submissions', d.name)).filter((f) => f.endsWith('.yaml')).map((f) => parse(readFileSync(join('submissions', d.name, f), 'utf8'))));
    assert.equal(Object.keys(PAPER_PROFILES).length, 11, 'the paper\'s eleven models');
    const real = Object.keys(PAPER_PROFILES).map((p) => committed.find((s) => `paper-${s.id}` === p) ?? assert.fail(`no committed submission for ${p}`));
    const demoDir = 'runners/demo/submissions/paper';
    const demo = readdirSync(demoDir).filter((f) => f.endsWith('.yaml')).map((f) => parse(readFileSync(join(demoDir, f), 'utf8')));
    assert.equal(demo.length, real.length);
    for (const s of real) {
      const d = demo.find((x) => x.id === `sim-${s.id}`) ?? assert.fail(`no demo submission sim-${s.id}`);
      assert.equal(d.family, s.family, d.id);
      assert.deepEqual(d.params, s.params, d.id);
      assert.equal(d.reasoning.mode, s.reasoning.mode, d.id);
      assert.match(d.display_name, /^Sim: /);
      assert.match(d.hf.repo, /^userturn-sim\//);
      assert.ok(PROFILES[`paper-${s.id}`], `userturn sim knows paper-${s.id}`);
    }
  });

  it('Qwen3.5 GSM8K accuracy runs from 41% (0.8B) to 96.8% (397B-A17B), rising with size among the dense models', () => {
    assert.equal(P('qwen3.5-0.8b').accuracy, 0.41);
    assert.equal(P('qwen3.5-397b-a17b').accuracy, 0.968);
    const dense = ['0.8b', '2b', '4b', '9b', '27b'].map((s) => P(`qwen3.5-${s}`).accuracy);
    assert.deepEqual(dense, [...dense].sort((a, b) => a - b));
    for (const p of qwen) assert.ok(p.accuracy >= 0.41 && p.accuracy <= 0.968, p.name);
  });

  it('greedy follow-up is near zero for Qwen3.5; sampled rates reach about 22% and no higher', () => {
    for (const p of qwen) assert.ok(share(p, { temperature: 0 }) <= 0.01 + 1e-9, p.name);
    const hot = Object.values(PAPER_PROFILES).map((p) => share(p, { temperature: 1 }));
    assert.ok(Math.abs(Math.max(...hot) - 0.22) < 0.005, `max ${Math.max(...hot)}`);
    for (const p of Object.values(PAPER_PROFILES)) assert.ok(share(p, { temperature: 1 }) > 3 * share(p, { temperature: 0 }), p.name);
  });

  it('truncation and the generic question raise follow-up for gpt-oss and GLM, not for Qwen3.5', () => {
    for (const p of reactive) {
      assert.ok(share(p, { temperature: 0, truncated: true }) > share(p, { temperature: 0 }) + 0.1, `${p.name} truncated`);
      assert.ok(share(p, { temperature: 0, endsWithQuestion: true }) > share(p, { temperature: 0 }) + 0.05, `${p.name} generic question`);
    }
    for (const p of qwen) {
      assert.ok(share(p, { temperature: 0, truncated: true }) <= share(p, { temperature: 0 }), `${p.name} truncated`);
      assert.ok(share(p, { temperature: 0, endsWithQuestion: true }) <= share(p, { temperature: 0 }), `${p.name} generic question`);
    }
  });

  it('each family fails its own way: restatement (Qwen3.5), meta-planning (gpt-oss), identity leakage (GLM)', () => {
    const top = (p: Profile) => LABELS.filter((l) => l !== 'genuine_followup').reduce((a, b) => (p.cold[b] > p.cold[a] ? b : a));
    for (const p of qwen) assert.equal(top(p), 'prompt_restatement', p.name);
    assert.equal(top(P('gpt-oss-20b')), 'meta_planning');
    assert.equal(top(P('gpt-oss-120b')), 'meta_planning');
    assert.equal(top(P('glm-4.5-air')), 'identity_leakage');
  });

  it('the caricature profiles keep the global perturbation shift', () => {
    const p = CARICATURE_PROFILES.aware!;
    const base = labelWeights(p, { temperature: 0, truncated: false, endsWithQuestion: false });
    assert.equal(labelWeights(p, { temperature: 0, truncated: true, endsWithQuestion: false }).genuine_followup, base.genuine_followup + 20);
    assert.equal(labelWeights(p, { temperature: 0, truncated: false, endsWithQuestion: true }).generic_closing, base.generic_closing + 25);
  });

  it('generated GSM8K answers are right at the profile accuracy', () => {
    const n = 600;
    const gsm8k = new Map(Array.from({ length: n }, (_, i) => [`Item ${i}: how many apples are left?`, `Count them.\n#### ${100 + i}`] as [string, string]));
    for (const id of ['qwen3.5-0.8b', 'qwen3.5-397b-a17b']) {
      const profile = P(id);
      let right = 0;
      for (const [q, ref] of gsm8k) {
        const g = generate({ prompt: `<|im_start|>user\n${q}<|im_end|>\n<|im_start|>assistant\n`, temperature: 0, top_p: 1, seed: null, max_tokens: 2048, stop: [] }, { profile, seed: 1, gsm8k });
        if (g.text.endsWith(`The answer is ${ref.split('#### ')[1]}.`)) right++;
      }
      // 4 binomial standard deviations around the profile's accuracy.
      const sd = Math.sqrt(profile.accuracy * (1 - profile.accuracy) / n);
      assert.ok(Math.abs(right / n - profile.accuracy) < 4 * sd + 1e-9, `${id}: ${right}/${n} vs ${profile.accuracy}`);
    }
  });
});
