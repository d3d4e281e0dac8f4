import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createJudgePanel, JudgeConfigError } from '../../../runners/judge/index.ts';
import { failureOutcome } from '../../../runners/core/errors.ts';

const VAR = 'USERTURN_TEST_UNSET_JUDGE_KEY';

function configFile(t: { after(fn: () => void): void }, extra: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-judge-key-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'j.yaml');
  // Port 9 (discard): were a request sent, it would fail; the checks below never send one.
  writeFileSync(path, `base_url: http://127.0.0.1:9/v1\nmodel: judge\n${extra}`);
  return path;
}

test('a judge config naming an unset key variable is a config error up front: file, field and variable named', async (t) => {
  delete process.env[VAR];
  const path = configFile(t, `api_key_env: ${VAR}\n`);
  for (const v of [undefined, '']) {
    if (v !== undefined) process.env[VAR] = v;
    await assert.rejects(createJudgePanel({ judgeConfigs: [path], includeHeuristic: false, cachePath: null }), (e: unknown) => {
      assert.ok(e instanceof JudgeConfigError);
      assert.equal(failureOutcome(e).code, 1);
      assert.ok(e.message.startsWith(`${path}: api_key_env: `), e.message);
      assert.match(e.message, new RegExp(`${VAR} is not set`));
      return true;
    });
  }
  delete process.env[VAR];
});

test('a keyless judge (no api_key_env, or null) and a set variable still build', async (t) => {
  for (const extra of ['', 'api_key_env: null\n']) {
    const [judge] = await createJudgePanel({ judgeConfigs: [configFile(t, extra)], includeHeuristic: false, cachePath: null });
    assert.equal(judge?.stamp.id.startsWith('llm:judge:'), true);
  }
  process.env[VAR] = 'sk-test';
  t.after(() => delete process.env[VAR]);
  assert.equal((await createJudgePanel({ judgeConfigs: [configFile(t, `api_key_env: ${VAR}\n`)], includeHeuristic: false, cachePath: null })).length, 1);
});
