import { readFile } from 'node:fs/promises';
import { cutAtLine } from './markdown.ts';
import { clientFromEnv, createComment, listComments, updateComment, type GitHubClient } from './github.ts';
import { MAX_REPORT_CHARS, REPORT_MARKER } from './pr-report.ts';
import { parseCommandArgs } from '../core/args.ts';
import { runAsScript } from './run-script.ts';
import { shownPath } from '../core/terminal-text.ts';
import { redact, registerEnvSecrets, registerSecret } from '../io/secrets.ts';

/**
 * Post the pr-report comment, or update the one already there: the comment is found by the hidden marker
 * and must be written by the bot (github-actions[bot]), so a commenter who pastes the marker cannot hijack it.
 */
export async function upsertComment(gh: GitHubClient, pr: number, body: string, botLogin = 'github-actions[bot]'): Promise<{ action: 'created' | 'updated'; id: number }> {
  if (!body.startsWith(REPORT_MARKER)) throw new Error('refusing to post: the body does not start with the report marker');
  // A comment is public: no secret the workflow holds (its own token, HF_TOKEN, …) may appear in it.
  registerEnvSecrets();
  registerSecret(gh.token);
  const clean = redact(body);
  const text = clean.length > MAX_REPORT_CHARS + 200 ? cutAtLine(clean, MAX_REPORT_CHARS) : clean;
  const mine = (await listComments(gh, pr)).filter((c) => c.user?.login === botLogin && (c.body ?? '').startsWith(REPORT_MARKER));
  const existing = mine[0];
  if (existing) {
    await updateComment(gh, existing.id, text);
    return { action: 'updated', id: existing.id };
  }
  return { action: 'created', id: await createComment(gh, pr, text) };
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { pr: { type: 'string' }, 'body-file': { type: 'string' }, bot: { type: 'string' } }, false);
  const pr = Number(values.pr);
  if (!Number.isInteger(pr) || pr < 1 || !values['body-file']) {
    console.error('usage: upsert-comment.ts --pr N --body-file report.md [--bot login]  (env: GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL)');
    return 2;
  }
  const r = await upsertComment(clientFromEnv(), pr, await readFile(values['body-file'], 'utf8'), values.bot);
  console.log(`comment ${r.action}: ${shownPath(String(r.id))}`);
  return 0;
}

runAsScript(import.meta, 'upsert-comment', main);
