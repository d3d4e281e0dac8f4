/** The body of one raw /v1/completions request (what the cache key is computed from). */
export interface CompletionBody {
  model: string;
  prompt: string;
  max_tokens: number;
  temperature: number;
  /** Left out where the engine refuses 1 and 1 is meant (TGI: runners/probe/requests.ts). */
  top_p?: number;
  seed: number;
  stop: string[];
  /** vLLM / SGLang: keep special tokens in the text so reasoning channels and stop markers stay visible. */
  skip_special_tokens?: boolean;
}

/** A complete, validated completion. */
export interface CompletionResult {
  text: string;
  finish_reason: string;
  model: string;
  latency_ms: number;
  cached: boolean;
  /** The name the engine answered with when it was another of its served names than `model`, or whenever it serves several (served-aliases.ts). */
  answered_as?: string;
  /** A `length` finish's usage.completion_tokens, as the engine reported it (budget-clips.ts). */
  completion_tokens?: number;
}

/** A request that failed for good: the reason is recorded in the sample, never dropped. */
export class RequestFailed extends Error {
  readonly attempts: number;
  constructor(reason: string, attempts: number) {
    super(reason);
    this.name = 'RequestFailed';
    this.attempts = attempts;
  }
}

export interface ClientStats {
  /** HTTP attempts sent (including retries). */
  sent: number;
  /** Requests answered by the cache. */
  cacheHits: number;
  /** Requests answered by an identical in-flight request. */
  deduplicated: number;
  /** Retries after a failed attempt. */
  retries: number;
  /** Requests that failed after all retries. */
  failed: number;
  /** Completed network requests. */
  completed: number;
  /** Failure reasons by kind, for the final table. */
  failureReasons: Record<string, number>;
  /** Per endpoint (in `--base-url` order, credentials and query removed): its attempts and the failed ones by kind. */
  endpoints?: EndpointTally[];
}

/** One endpoint's share of the attempts: with several hosts, which one failed (a sample's reason does not say). */
export interface EndpointTally {
  url: string;
  attempts: number;
  failed: Record<string, number>;
  /** Why it was left out of the run when the run ended (model-lookup.ts), if it was. */
  leftOut?: string;
  /** Why it is held, down since it served part of the run (endpoint-holds.ts), while it is. */
  down?: string;
}
