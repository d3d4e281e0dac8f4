import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readHubFile } from '../../../runners/hub/hub-file.ts';
import { hubSettings } from '../../../runners/hub/hub-settings.ts';
import { hubTokenPath } from '../../../runners/hub/token.ts';
import { startFakeHub, withEnv } from '../../helpers/fake-hub.ts';

const REV = 'd'.repeat(40);
const NO_TOKEN = { HF_TOKEN_PATH: '/nonexistent/userturn-test/token' };
const cache = (env: NodeJS.ProcessEnv) => hubSettings({ ...NO_TOKEN, ...env }).cacheDir;

// huggingface_hub/constants.py @ ee0a4510f4bc15e26cb722be2efc2bdb01383ca0: HF_HOME and HF_HUB_CACHE go through
// os.path.expandvars(os.path.expanduser(...)); HF_HUB_CACHE defaults to HUGGINGFACE_HUB_CACHE, then HF_HOME/hub.
describe('the hub cache folder is the one huggingface_hub uses (runners/hub/hf-paths.ts)', () => {
  it('expands a leading ~ and $VARS in HF_HOME and HF_HUB_CACHE, as Python does', () => {
    assert.equal(cache({ HF_HOME: '~/hf' }), join(homedir(), 'hf', 'hub'));
    assert.equal(cache({ HF_HUB_CACHE: '~/hub-cache' }), join(homedir(), 'hub-cache'));
    assert.equal(cache({ SCRATCH: '/scratch/me', HF_HOME: '$SCRATCH/hf' }), '/scratch/me/hf/hub');
    assert.equal(cache({ SCRATCH: '/scratch/me', HF_HUB_CACHE: '${SCRATCH}/hub' }), '/scratch/me/hub');
    assert.equal(cache({ HF_HUB_CACHE: '/x/$NOT_SET_ANYWHERE/hub' }), '/x/$NOT_SET_ANYWHERE/hub', 'an unknown variable is kept');
    assert.equal(hubTokenPath({ SCRATCH: '/scratch/me', HF_HOME: '$SCRATCH/hf' }), '/scratch/me/hf/token');
  });

  it('HF_HUB_CACHE, else HUGGINGFACE_HUB_CACHE, else HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub', () => {
    assert.equal(cache({ HF_HUB_CACHE: '/a', HUGGINGFACE_HUB_CACHE: '/b', HF_HOME: '/c' }), '/a');
    assert.equal(cache({ HUGGINGFACE_HUB_CACHE: '/b', HF_HOME: '/c' }), '/b');
    assert.equal(cache({ HF_HOME: '/c', XDG_CACHE_HOME: '/d' }), '/c/hub');
    assert.equal(cache({ XDG_CACHE_HOME: '/d' }), '/d/huggingface/hub');
    assert.equal(cache({}), join(homedir(), '.cache', 'huggingface', 'hub'));
  });

  it('a download goes where the given environment says, not where the process environment does', async () => {
    const hub = await startFakeHub({ files: { [`Org/Model/${REV}/tokenizer_config.json`]: '{"a":1}' } });
    const scratch = await mkdtemp(join(tmpdir(), 'ut-paths-'));
    const elsewhere = await mkdtemp(join(tmpdir(), 'ut-paths-other-'));
    try {
      await withEnv({ HF_HUB_CACHE: elsewhere }, async () => {
        const env = { ...NO_TOKEN, HF_ENDPOINT: hub.url, SCRATCH: scratch, HF_HOME: '$SCRATCH/hf' };
        await readHubFile({ repo: 'Org/Model', revision: REV, file: 'tokenizer_config.json', alternative: 'x' }, { env });
      });
      assert.equal(await readFile(join(scratch, 'hf', 'hub', 'models--Org--Model', 'snapshots', REV, 'tokenizer_config.json'), 'utf8'), '{"a":1}');
    } finally {
      await hub.close();
    }
  });
});
