import { requestsPerItem } from './requests.ts';
import type { ProbeSetup } from './types.ts';

/** Rough token count (≈4 characters per token): the plan only needs an order of magnitude. */
const tok = (s: string): number => Math.ceil(s.length / 4);

/**
 * --dry-run: requests per dataset and condition, and estimated tokens. Prompt tokens are counted on the
 * rendered prompts; the answer inside user-turn prompts is unknown before the run, so it is assumed to use
 * half of its max_tokens; completion tokens are upper bounds (max_tokens).
 */
export function planReport(setup: ProbeSetup): string {
  const lines: string[] = [];
  const assumedAnswer = 'x'.repeat(Math.round(setup.assistantMaxTokens / 2) * 4);
  let totalReq = 0;
  let totalPrompt = 0;
  let totalMax = 0;
  lines.push(`plan: suite ${setup.suite.id} v${setup.suite.version}, submission ${setup.submission.id}, template ${setup.template.template.source}`);
  if (setup.shard) lines.push(`shard ${setup.shard.index}/${setup.shard.count}`);
  lines.push(`${'dataset'.padEnd(14)}${'condition'.padEnd(18)}${'requests'.padStart(10)}${'prompt tok≈'.padStart(14)}${'max compl tok'.padStart(15)}`);
  for (const d of setup.datasets) {
    const aPrompt = d.items.reduce((s, it) => s + tok(setup.builder.assistantPrompt(it.question)), 0);
    const aMax = d.items.length * setup.assistantMaxTokens;
    lines.push(`${d.spec.id.padEnd(14)}${'(assistant)'.padEnd(18)}${String(d.items.length).padStart(10)}${String(aPrompt).padStart(14)}${String(aMax).padStart(15)}`);
    totalReq += d.items.length;
    totalPrompt += aPrompt;
    totalMax += aMax;
    for (const c of setup.suite.conditions) {
      const items = c.perturbation.kind === 'reference' ? d.items.filter((i) => i.reference !== null) : d.items;
      const n = items.length * c.samples;
      const p = items.reduce((s, it) => s + tok(setup.builder.userTurnPrompt(it.question, it.reference ?? assumedAnswer)), 0) * c.samples;
      const m = n * setup.suite.user_turn.max_tokens;
      lines.push(`${''.padEnd(14)}${c.id.padEnd(18)}${String(n).padStart(10)}${String(p).padStart(14)}${String(m).padStart(15)}`);
      totalReq += n;
      totalPrompt += p;
      totalMax += m;
    }
    lines.push(`${''.padEnd(14)}${'items'.padEnd(18)}${String(d.items.length).padStart(10)}`);
  }
  const check = setup.datasets.reduce((s, d) => s + d.items.reduce((t, it) => t + requestsPerItem(setup, it), 0), 0);
  if (check !== totalReq) throw new Error(`plan: request count mismatch (${check} vs ${totalReq})`);
  lines.push(`${'total'.padEnd(32)}${String(totalReq).padStart(10)}${String(totalPrompt).padStart(14)}${String(totalMax).padStart(15)}`);
  lines.push('Nothing was sent (--dry-run).');
  return lines.join('\n');
}
