import type { Verdict } from '../../../src/schema/index.ts';

/** How an LLM judge's verdict starts when its last attempt could not connect (refused, reset, DNS, TLS). */
export const CONNECTION_ERROR = 'judge connection error: ';

/** How it starts when the endpoint answered with an HTTP error status (judge.ts). */
const HTTP_STATUS = /^judge endpoint answered HTTP (\d{3}):/;
/** Statuses that say the judge's configuration is wrong, not that one verdict failed: its key, its route or its model. */
const CONFIG_STATUSES = new Set(['401', '403', '404']);

/**
 * A verdict the judge's endpoint could not give: no connection could be made, or the endpoint refused the request as
 * its configuration is wrong (401, 403, 404: every other verdict would be refused too). A timeout is not counted.
 */
export function unreachable(v: Verdict): boolean {
  if (v.kind !== 'judge_error') return false;
  return v.reason.startsWith(CONNECTION_ERROR) || CONFIG_STATUSES.has(HTTP_STATUS.exec(v.reason)?.[1] ?? '');
}
