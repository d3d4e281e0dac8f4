import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readHubFile } from '../../../runners/hub/hub-file.ts';
import { offlineVariable } from '../../../runners/hub/settings.ts';
import { downloadUrl } from '../../../runners/hub/url-file.ts';
import { startFakeHub, startFileServer } from '../../helpers/fake-hub.ts';

const REV = 'c'.repeat(40);
const NO_TOKEN = { HF_TOKEN_PATH: '/nonexistent/userturn-test/token' };

// huggingface_hub/constants.py @ ee0a4510f4bc15e26cb722be2efc2bdb01383ca0:
// HF_HUB_OFFLINE = _is_true(os.environ.get("HF_HUB_OFFLINE") or os.environ.get("TRANSFORMERS_OFFLINE"))
describe('offline mode is read as huggingface_hub reads it (runners/hub/settings.ts)', () => {
  it('HF_HUB_OFFLINE, else TRANSFORMERS_OFFLINE; 1/on/yes/true in any case; a set HF_HUB_OFFLINE decides alone', () => {
    assert.equal(offlineVariable({ HF_HUB_OFFLINE: 'Yes' }), 'HF_HUB_OFFLINE');
    assert.equal(offlineVariable({ TRANSFORMERS_OFFLINE: '1' }), 'TRANSFORMERS_OFFLINE');
    assert.equal(offlineVariable({ HF_HUB_OFFLINE: '', TRANSFORMERS_OFFLINE: 'true' }), 'TRANSFORMERS_OFFLINE', 'an empty variable counts as unset');
    assert.equal(offlineVariable({ HF_HUB_OFFLINE: '0', TRANSFORMERS_OFFLINE: '1' }), null);
    assert.equal(offlineVariable({ TRANSFORMERS_OFFLINE: '0' }), null);
    assert.equal(offlineVariable({}), null);
  });

  it('TRANSFORMERS_OFFLINE=1 alone: no request for a template or a dataset, and the error names the variable', async () => {
    const hub = await startFakeHub({ files: { [`Org/Model/${REV}/tokenizer_config.json`]: '{}' } });
    const files = await startFileServer({ '/d.jsonl': '{}\n' });
    try {
      const env = { ...NO_TOKEN, HF_ENDPOINT: hub.url, TRANSFORMERS_OFFLINE: '1' };
      const req = { repo: 'Org/Model', revision: REV, file: 'tokenizer_config.json', alternative: 'Pass --template FILE' };
      await assert.rejects(readHubFile(req, { cacheDir: await mkdtemp(join(tmpdir(), 'ut-off-')), env }), /TRANSFORMERS_OFFLINE is set, so nothing was downloaded\. Pass --template FILE, or unset TRANSFORMERS_OFFLINE/);
      await assert.rejects(downloadUrl(`${files.url}/d.jsonl`, { alternative: 'Pass --data-dir DIR', env }), /not downloaded because TRANSFORMERS_OFFLINE is set\. Pass --data-dir DIR/);
      assert.deepEqual([...hub.seen, ...files.seen], [], 'offline means no request at all');
    } finally {
      await hub.close();
      await files.close();
    }
  });
});
