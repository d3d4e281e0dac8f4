import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { compile } from 'svelte/compiler';
import type { Component } from 'svelte';
import { render } from 'svelte/server';
import type { ShardItem, ShardSample } from '../../../src/schema/shards.ts';

/**
 * The example card says when a judge saw a field shortened (the verdict records it), and says nothing when no
 * field was. The real component is compiled with Svelte's compiler and rendered with svelte/server, as the build does.
 */
const component = resolve(import.meta.dirname, '../../../src/components/ExampleCard.svelte');

type Card = Component<ReturnType<typeof props>>;

async function loadCard(): Promise<Card> {
  const { js } = compile(readFileSync(component, 'utf8'), { generate: 'server', filename: component });
  // Point the compiled module's imports at absolute URLs so it can run from a temporary file.
  const code = js.code.replace(/from '([^']+)'/g, (_, spec: string) => {
    const url = spec.startsWith('.') ? pathToFileURL(resolve(dirname(component), spec)).href : import.meta.resolve(spec);
    return `from '${url}'`;
  });
  const file = join(mkdtempSync(join(tmpdir(), 'ut-card-')), 'ExampleCard.js');
  writeFileSync(file, code);
  return ((await import(pathToFileURL(file).href)) as { default: Card }).default;
}

const item: ShardItem = { item_id: 'gsm8k-1', question: 'What is 2+2?', response: '4.', accuracy: null, samples: [] };
const base: ShardSample = { id: 's1', condition: 'greedy', k: 0, user_turn: 'Why 4?', finish_reason: 'stop', temperature: 0, seed: null, error: null, verdicts: [] };
const props = (sample: ShardSample) => ({ model: 'm', modelName: 'M', dataset: 'gsm8k', item, sample, permalink: '#s1' });

test('example card: a verdict with shortened fields says so, escaped as text; a whole verdict says nothing', async () => {
  const Card = await loadCard();
  const shortened = {
    ...base,
    verdicts: [
      { kind: 'label' as const, label: 'genuine_followup' as const, rationale: 'Asks <b>why</b>.', evidence_span: null, rule: null, judge: 'llm:m:judge-v2', shortened: [{ field: 'user_turn' as const, original_chars: 20_000, kept_chars: 8000 }] },
    ],
  };
  const html = render(Card, { props: props(shortened) }).body;
  assert.match(html, /data-testid="judge-shortened"[^>]*>\(this judge saw the user turn shortened to 8,000 of 20,000 characters\)/);
  assert.ok(html.includes('Asks &lt;b>why&lt;/b>.'), 'rationale stays text');

  const whole = { ...base, verdicts: [{ kind: 'label' as const, label: 'genuine_followup' as const, rationale: 'Asks why.', evidence_span: null, rule: null, judge: 'llm:m:judge-v2' }] };
  assert.doesNotMatch(render(Card, { props: props(whole) }).body, /judge-shortened|shortened to/);
});
