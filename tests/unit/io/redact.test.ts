import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { clearSecrets, containsSecret, plainKeyNote, redact, registerSecret, registerUrlSecrets } from '../../../runners/io/secrets.ts';

describe('redact', () => {
  afterEach(clearSecrets);

  it('removes a secret registered after text was already redacted (the longest-first order is not stale)', () => {
    registerSecret('sk-first-123456');
    assert.equal(redact('key sk-first-123456 and hf_second_abcdef'), 'key [redacted] and hf_second_abcdef');
    registerSecret('hf_second_abcdef');
    assert.equal(redact('key sk-first-123456 and hf_second_abcdef'), 'key [redacted] and [redacted]');
  });

  it('replaces the longer of two overlapping secrets whole, whichever was registered first', () => {
    registerSecret('abc-def');
    assert.equal(redact('abc-defgh'), '[redacted]gh');
    registerSecret('abc-defgh');
    assert.equal(redact('x abc-defgh y'), 'x [redacted] y');
  });

  it('does not take a plain word or number under 16 characters for a secret (it would alter ordinary text), and says so', () => {
    for (const plain of ['answer', 'format', '123456', 'Übersetzung']) {
      registerSecret(plain);
      assert.equal(redact(`The ${plain} is 6.`), `The ${plain} is 6.`, plain);
      assert.ok(plainKeyNote(plain)?.includes('plain word or number'), plain);
    }
    for (const key of ['token-abc123', 'sk-12345678', 'abcdefghijklmnopq', '12345678901234567']) {
      registerSecret(key);
      assert.equal(redact(`key ${key}.`), 'key [redacted].', key);
      assert.equal(plainKeyNote(key), null, key);
    }
    // Too short to be a secret at all (a local server's placeholder): no note either.
    assert.equal(plainKeyNote('EMPTY'), null);
  });

  it('finds a registered secret in text, in any spelling it was registered in', () => {
    assert.equal(containsSecret('anything'), false);
    registerSecret('sk-"quoted"-99');
    assert.ok(containsSecret('model m-sk-"quoted"-99'));
    assert.ok(containsSecret(JSON.stringify({ model: 'm-sk-"quoted"-99' })), 'the JSON-escaped spelling');
    assert.equal(containsSecret('sk-quoted-99'), false);
  });

  it('forgets them all when cleared', () => {
    registerSecret('sk-gone-123456');
    clearSecrets();
    assert.equal(redact('sk-gone-123456'), 'sk-gone-123456');
  });
});

describe('a base URL\'s credentials', () => {
  it('are redacted in every form a server may echo them: the password, and the Basic auth value they are sent as', () => {
    // A review's server echoed the Authorization header into an error that went into published samples.
    clearSecrets();
    try {
      registerUrlSecrets('http://carol:Pa55wordXYZ@gpu.example:8000/v1');
      const basic = Buffer.from('carol:Pa55wordXYZ').toString('base64');
      assert.equal(redact(`bad request from Basic ${basic}`), 'bad request from Basic [redacted]');
      assert.equal(redact('password Pa55wordXYZ'), 'password [redacted]');
      // Percent-encoded in the URL, sent decoded.
      registerUrlSecrets('http://dave:p%40ss%3Aword99@gpu.example/v1');
      assert.equal(redact(Buffer.from('dave:p@ss:word99').toString('base64')), '[redacted]');
      // A base64 value of letters only (9 bytes of user:password, some 8% of them) looked like a plain word and was
      // not registered: a review found it in published samples.
      registerUrlSecrets('http://u:lb1jtxr@gpu.example/v1');
      assert.equal(Buffer.from('u:lb1jtxr').toString('base64'), 'dTpsYjFqdHhy');
      assert.equal(redact('denied Basic dTpsYjFqdHhy'), 'denied Basic [redacted]');
    } finally {
      clearSecrets();
    }
  });
});
