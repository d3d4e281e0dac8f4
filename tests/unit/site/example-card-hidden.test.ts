import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import type { Component } from 'svelte';
import { render } from 'svelte/server';
import type { ShardItem, ShardSample } from '../../../src/schema/shards.ts';
import { loadComponent } from '../../helpers/svelte-ssr.ts';

/**
 * The example card (the real component, rendered by svelte/server as the build does) shows each model or judge text
 * as its own bidi island (dir="auto") and each bidi control or invisible character in it as a visible marker, so
 * what a reader sees is what the judge judged. Text without such characters renders as before.
 */
const component = resolve(import.meta.dirname, '../../../src/components/ExampleCard.svelte');
type Props = { model: string; modelName: string; dataset: string; item: ShardItem; sample: ShardSample; permalink: string };
/** The bidi controls and zero-width characters of the test's text (the emoji's joiner is not one: it is kept). */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B\u200C\u200E\u200F]/;

/** The visible text of an HTML fragment: Svelte's hydration comments and tags removed, entities left. */
const textOf = (html: string): string => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, '');
/** The element carrying data-testid="id", through its matching closing tag. */
function block(html: string, id: string): string {
  const start = html.search(new RegExp(`<(div|span)[^>]*data-testid="${id}"`));
  if (start < 0) return '';
  const tag = /^<(\w+)/.exec(html.slice(start))![1]!;
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, re.lastIndex);
  }
  return '';
}

const verdict = (rationale: string) => ({ kind: 'label' as const, label: 'genuine_followup' as const, rationale, evidence_span: null, rule: null, judge: 'heuristic@1' });

test('hostile text: each block has dir="auto", every hidden character is a marker, Arabic and emoji stay', async () => {
  const Card = await loadComponent<Props>(component);
  const item: ShardItem = { item_id: 'q1', question: 'abc\u202Edef', response: 'zero\u200Bwidth', accuracy: null, samples: [] };
  const sample: ShardSample = {
    id: 's1', condition: 'greedy', k: 0, user_turn: 'مرحبا abc\u202Edef 👩‍💻', finish_reason: 'stop', temperature: 0, seed: null, error: null,
    verdicts: [verdict('asks \u2067why\u2069')],
  };
  const html = render(Card, { props: { model: 'm', modelName: 'M', dataset: 'gsm8k', item, sample, permalink: '#s1' } }).body.replace(/<!--[\s\S]*?-->/g, ''); // without Svelte's hydration comments
  assert.doesNotMatch(html, HIDDEN, 'no raw bidi control or zero-width character reaches the page');
  const turn = block(html, 'user-turn');
  assert.match(turn, /^<div class="text[^"]*" dir="auto"/);
  assert.equal(textOf(turn), 'مرحبا abcU+202Edef 👩‍💻', 'Arabic and the emoji sequence as they were, the override as its marker');
  assert.match(turn, /<span class="cp[^"]*" dir="ltr" title="U\+202E RIGHT-TO-LEFT OVERRIDE">U\+202E<\/span>/);
  assert.match(html, /dir="auto"[^>]*>abc<span class="cp[^"]*" dir="ltr" title="U\+202E RIGHT-TO-LEFT OVERRIDE">U\+202E<\/span>def/, 'the question');
  assert.match(html, /dir="auto"[^>]*>zero<span class="cp[^"]*" dir="ltr" title="U\+200B ZERO WIDTH SPACE">U\+200B<\/span>width/, 'the answer');
  const why = block(html, 'rationale');
  assert.match(why, /^<span dir="auto"/);
  assert.equal(textOf(why), 'asks U+2067whyU+2069');
});

test('text without hidden characters renders the same text as before, in a dir="auto" block', async () => {
  const Card = await loadComponent<Props>(component);
  const item: ShardItem = { item_id: 'q1', question: 'What is 2+2?', response: 'Four.\nSure.', accuracy: null, samples: [] };
  const sample: ShardSample = { id: 's1', condition: 'greedy', k: 0, user_turn: 'Why is it <b>4</b>? שלום', finish_reason: 'stop', temperature: 0, seed: null, error: null, verdicts: [verdict('fine')] };
  const html = render(Card, { props: { model: 'm', modelName: 'M', dataset: 'gsm8k', item, sample, permalink: '#s1' } }).body;
  assert.doesNotMatch(html, /class="cp/);
  assert.match(block(html, 'user-turn'), /^<div class="text[^"]*" dir="auto"/);
  assert.equal(textOf(block(html, 'user-turn')), 'Why is it &lt;b>4&lt;/b>? שלום');
  assert.equal(textOf(block(html, 'rationale')), 'fine');
});

test('an unfinished answer\'s tail and a judge error are marked and isolated too', async () => {
  const Card = await loadComponent<Props>(component);
  const item: ShardItem = { item_id: 'q1', question: 'Q', response: 'A', accuracy: null, samples: [] };
  const sample: ShardSample = {
    id: 's1', condition: 'greedy', k: 0, user_turn: '', finish_reason: null, temperature: 0, seed: null, error: null,
    unfinished: { reason: 'length', raw_chars: 9, raw_tail: 'tail\u202Eliat' },
    verdicts: [{ kind: 'judge_error', judge: 'llm:m:judge-v2', reason: 'bad \u2066json' }],
  };
  const html = render(Card, { props: { model: 'm', modelName: 'M', dataset: 'gsm8k', item, sample, permalink: '#s1' } }).body.replace(/<!--[\s\S]*?-->/g, '');
  assert.doesNotMatch(html, HIDDEN);
  const tail = block(html, 'raw-tail');
  assert.match(tail, /^<div class="text[^"]*" dir="auto"/);
  assert.equal(textOf(tail), 'tailU+202Eliat');
  assert.match(html, /judge error — <span dir="auto">bad <span class="cp[^"]*" dir="ltr" title="U\+2066 LEFT-TO-RIGHT ISOLATE">U\+2066<\/span>json<\/span>/);
});

test('the engine\'s finish reason, the cut marker and the verifier\'s extracted, reference and rule are marked and isolated too', async () => {
  const Card = await loadComponent<Props>(component);
  const item: ShardItem = {
    item_id: 'q1', question: 'Q', response: 'A', samples: [],
    accuracy: { kind: 'gsm8k', correct: false, extracted: '18\u202E\u200B7', reference: '\u20661\u2069', rule: 'last \u200Cnumber' },
  };
  const sample: ShardSample = {
    id: 's1', condition: 'greedy', k: 0, user_turn: 'Why?', finish_reason: 'st\u202Eop', temperature: 0, seed: null, error: null,
    cut: { marker: '<|im_end|>\u200B', kind: 'marker' }, verdicts: [{ ...verdict('fine'), judge: 'j\u202Edge' }],
  };
  const html = render(Card, { props: { model: 'm', modelName: 'M', dataset: 'gsm8k', item, sample, permalink: '#s1' } }).body.replace(/<!--[\s\S]*?-->/g, '');
  assert.doesNotMatch(html, HIDDEN);
  for (const [id, text] of [['finish-reason', 'stU+202Eop'], ['cut-marker', '&lt;|im_end|>U+200B'], ['extracted', '18U+202EU+200B7'], ['reference', 'U+20661U+2069']] as const) {
    const b = block(html, id);
    assert.match(b, /^<span dir="auto"/, id);
    assert.equal(textOf(b), text, id);
  }
  assert.match(block(html, 'extracted'), /<span class="cp[^"]*" dir="ltr" title="U\+200B ZERO WIDTH SPACE">U\+200B<\/span>/);
  assert.match(html, /rule “<span dir="auto">last <span class="cp[^"]*" dir="ltr" title="U\+200C ZERO WIDTH NON-JOINER">U\+200C<\/span>number<\/span>”/);
  assert.match(html, /<code dir="auto">j<span class="cp[^"]*"[^>]*>U\+202E<\/span>dge<\/code>/);
});
