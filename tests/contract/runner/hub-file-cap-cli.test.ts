import assert from 'node:assert/strict';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MAX_TEXT_FILE_BYTES } from '../../../runners/hub/file-cap.ts';
import { startOversizeHub } from '../../helpers/fake-hub.ts';
import { runCli } from '../../helpers/processes.ts';

/**
 * A Hub text file over the cap (runners/hub/file-cap.ts) stops `userturn run` as bad input: one line naming the
 * repository, revision, file and cap, exit 1. The stand-in Hub sends 1 GiB chunked after announcing 100 bytes.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const REV = 'c'.repeat(40);
const PATH = `Org/Model/${REV}/tokenizer_config.json`;
const CAP = MAX_TEXT_FILE_BYTES;
const NAME = `Org/Model@${REV}/tokenizer_config\\.json`;
const files = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name));

describe('a Hub text file over the cap, through the CLI', () => {
  it('run stops with one line naming the file and the cap, exit 1, no stack', async () => {
    const hub = await startOversizeHub({ path: PATH, size: 2 ** 30, announce: 100, chunked: true, commit: REV });
    const work = await mkdtemp(join(tmpdir(), 'ut-hub-cap-cli-'));
    const submission = join(work, 'm.yaml');
    await writeFile(submission, [
      'id: m', 'display_name: M', 'family: f', 'hf:', '  repo: Org/Model', `  revision: "${REV}"`, 'params:', '  total_b: 1', '  active_b: 1',
      'license: mit', 'chat_template:', '  source: hub', 'serving:', '  engine: vllm', '  max_model_len: 4096', 'submitter:', '  github: me', '',
    ].join('\n'));
    try {
      // Empty counts as unset for each of these (token.ts, settings.ts).
      const env = { HF_ENDPOINT: hub.url, HF_HUB_CACHE: join(work, 'hub'), HF_TOKEN: '', HUGGING_FACE_HUB_TOKEN: '', HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: '', TRANSFORMERS_OFFLINE: '' };
      const r = await runCli(['run', submission, '--dry-run', '--limit', '1', '--datasets', 'gsm8k', '--data-dir', join(root, 'tests/fixtures/datasets')], { env });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`^chat template: ${NAME}: the Hub's answer is more than 16 MiB \\(${CAP} bytes\\)`));
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack');
      assert.ok(hub.sent() < CAP + 16 * 2 ** 20, `${hub.sent()} bytes sent`);
      assert.deepEqual(await files(join(work, 'hub')).catch(() => []), [], 'nothing in the Hub cache');
    } finally {
      await hub.close();
    }
  });
});
