import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson, requestKey } from '../../../runners/cache/key.ts';

describe('request and content keys', () => {
  it('canonical JSON sorts keys at every level, drops undefined fields, and keeps its exact text', () => {
    const body = { stop: ['<|im_end|>', '\u2028'], model: 'm', prompt: 'q "quoted"\n', seed: 7, top_p: 1, nested: { b: [1, { z: null, a: undefined, y: 'é' }], a: true }, skipped: undefined, Z: 0, é: 1 };
    const text = '{"Z":0,"model":"m","nested":{"a":true,"b":[1,{"y":"é","z":null}]},"prompt":"q \\"quoted\\"\\n","seed":7,"stop":["<|im_end|>","\u2028"],"top_p":1,"é":1}';
    assert.equal(canonicalJson(body), text);
    assert.equal(canonicalJson([1, undefined, 'x']), '[1,,"x"]', 'as the first version wrote it: every cached key depends on this text');
    assert.equal(canonicalJson({}), '{}');
    assert.equal(canonicalJson({ a: undefined }), '{}');
    assert.equal(canonicalJson([]), '[]');
  });

  it('a request key is stable across field order and releases (caches written by earlier versions stay valid)', () => {
    const a = requestKey({ model: 'm', prompt: 'p', seed: 1, stop: ['x'] });
    assert.equal(a, requestKey({ stop: ['x'], seed: 1, prompt: 'p', model: 'm' }));
    // Computed by the first canonicalJson (before it was rewritten for speed).
    assert.equal(a, 'd0fa474468886e7bdb7fed7543a7cd8a595116c9d0b6c894e6a8a9b40af26559');
  });
});

describe('canonical JSON of lists of primitives (written by JSON.stringify)', () => {
  /** The element-by-element form every list was written in before (the reference the keys depend on). */
  const reference = (v: unknown): string => {
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map((x) => reference(x) ?? '').join(',')}]`;
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => `${JSON.stringify(k)}:${reference(o[k])}`).join(',')}}`;
  };
  it('gives the same text for strings, numbers, booleans, nulls, and mixes with undefined and nested values', () => {
    const cases: unknown[] = [
      ['q', 'a "b"\n\u2028\ud800é', null, 'gsm8k'],
      [0, -0, 1.5, 1e21, NaN, Infinity, -Infinity, true, false, null],
      ['x', undefined, 'y'],
      [() => 1, 'x'],
      [Symbol('s'), 1],
      [['nested'], 'x'],
      [{ b: 1, a: 2 }],
      [],
      { stop: ['<|im_end|>', '\u0000'], prompt: 'p', seed: 3 },
      [1, , 2], // a hole
      Object.assign(['a', 'b'], { toJSON: () => 'not a list' }),
    ];
    for (const c of cases) assert.equal(canonicalJson(c), reference(c), String(reference(c)));
  });
});
