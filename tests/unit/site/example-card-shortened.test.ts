import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import type { Component } from 'svelte';
import { render } from 'svelte/server';
import type { ShardItem, ShardSample } from '../../../src/schema/shards.ts';
import { loadComponent } from '../../helpers/svelte-ssr.ts';

/**
 * The example card says when a judge saw a field shortened (the verdict records it), and says nothing when no
 * field was. The real component is compiled with Svelte's compiler and rendered with svelte/server, as the build does.
 */
const component = resolve(import.meta.dirname, '../../../src/components/ExampleCard.svelte');

type Card = Component<ReturnType<typeof props>>;
const loadCard = (): Promise<Card> => loadComponent(component);

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
