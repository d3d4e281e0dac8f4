/**
 * `userturn run` for tests: the real command, except that when the judge panel (another issue) is still a stub
 * the tiny test judge is injected so the runner's own behaviour can be tested end to end.
 * Usage: node tests/contract/runner/helpers/run-cli.ts <same arguments as userturn run>
 */
import { createJudgePanel } from '../../../../runners/judge/index.ts';
import * as runCommand from '../../../../runners/cli/commands/run.ts';
import { testJudge } from './test-judge.ts';

let panelWorks = true;
try {
  await createJudgePanel({ judgeConfigs: [], includeHeuristic: true });
} catch {
  panelWorks = false;
}
if (!panelWorks) process.stderr.write('[test] judge panel not available yet: using the test judge\n');
process.exitCode = await runCommand.runWith(process.argv.slice(2), panelWorks ? {} : { judges: [testJudge()] });
