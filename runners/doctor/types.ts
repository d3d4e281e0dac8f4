import type { CompletionsClient } from '../client/completions-client.ts';
import type { DatasetItem } from '../core/items.ts';
import type { ProbeSetup } from '../probe/types.ts';
import type { EngineApi } from './engine-api.ts';
import type { Http } from './http.ts';

/**
 * One check's outcome. 'n/a': the engine does not expose what the check needs (no tokenize route, no version):
 * neither a pass nor a failure, since nothing was seen to be wrong; 'skip': not run because an earlier check it
 * needs failed (no served model); 'warn': it passed, but a run's result will show what it found (not a failure).
 */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'n/a' | 'skip';

export interface CheckResult {
  id: string;
  title: string;
  status: CheckStatus;
  detail: string;
}

/** What every check reads: the resolved probe setup, the endpoint, and what earlier checks found. */
export interface DoctorContext {
  setup: ProbeSetup;
  http: Http;
  api: EngineApi;
  client: CompletionsClient;
  /** The item whose prompts the checks send (the first of the first dataset). */
  probeItem: DatasetItem;
  /** The model name the endpoint serves (set by the model check; --model when given). */
  model: string | null;
  wantedModel?: string;
}

export interface Check {
  id: string;
  title: string;
  /** Needs the served model name (skipped when the model check failed). */
  needsModel: boolean;
  /**
   * Asks serving.engine's own routes (tokenize, the window, the served render): skipped when the engine check found
   * the server is another engine, whose routes these are not.
   */
  needsEngine?: boolean;
  run(ctx: DoctorContext): Promise<Omit<CheckResult, 'id' | 'title'>>;
}

export const pass = (detail: string) => ({ status: 'pass' as const, detail });
export const warn = (detail: string) => ({ status: 'warn' as const, detail });
export const fail = (detail: string) => ({ status: 'fail' as const, detail });
export const notAvailable = (detail: string) => ({ status: 'n/a' as const, detail });
