import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { main } from '../../../runners/cli/main.ts';

/** What `main(argv)` prints with console.log, and its exit code. */
async function printed(t: TestContext, argv: string[]): Promise<{ code: number; stdout: string }> {
  const out: string[] = [];
  const log = t.mock.method(console, 'log', (...a: unknown[]) => void out.push(a.join(' ')));
  try {
    return { code: await main(argv), stdout: out.join('\n') };
  } finally {
    log.mock.restore();
  }
}

test('userturn help <command> prints that command\'s usage, as <command> --help does; help alone lists the commands', async (t) => {
  for (const command of ['validate', 'run', 'sim']) {
    const topic = await printed(t, ['help', command]);
    assert.equal(topic.code, 0);
    assert.match(topic.stdout, new RegExp(`^usage: userturn ${command} `));
    assert.deepEqual(topic, await printed(t, [command, '--help']));
  }
  const list = await printed(t, ['help']);
  assert.equal(list.code, 0);
  assert.match(list.stdout, /^usage: userturn <command> \[options\]/);
  assert.match((await printed(t, ['help', 'nosuch'])).stdout, /^usage: userturn <command> \[options\]/);
});
