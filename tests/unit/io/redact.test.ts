import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { clearSecrets, redact, registerSecret } from '../../../runners/io/secrets.ts';

describe('redact', () => {
  afterEach(clearSecrets);

  it('removes a secret registered after text was already redacted (the longest-first order is not stale)', () => {
    registerSecret('sk-first-123456');
    assert.equal(redact('key sk-first-123456 and hf_second_abcdef'), 'key [redacted] and hf_second_abcdef');
    registerSecret('hf_second_abcdef');
    assert.equal(redact('key sk-first-123456 and hf_second_abcdef'), 'key [redacted] and [redacted]');
  });

  it('replaces the longer of two overlapping secrets whole, whichever was registered first', () => {
    registerSecret('abcdef');
    assert.equal(redact('abcdefgh'), '[redacted]gh');
    registerSecret('abcdefgh');
    assert.equal(redact('x abcdefgh y'), 'x [redacted] y');
  });

  it('forgets them all when cleared', () => {
    registerSecret('sk-gone-123456');
    clearSecrets();
    assert.equal(redact('sk-gone-123456'), 'sk-gone-123456');
  });
});
