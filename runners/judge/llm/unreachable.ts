import type { Verdict } from '../../../src/schema/index.ts';

/** How an LLM judge's verdict starts when its last attempt could not connect (refused, reset, DNS, TLS). */
export const CONNECTION_ERROR = 'judge connection error: ';

/** A verdict the judge's endpoint never answered: no connection could be made (a timeout is not counted). */
export const unreachable = (v: Verdict): boolean => v.kind === 'judge_error' && v.reason.startsWith(CONNECTION_ERROR);
