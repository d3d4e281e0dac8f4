import type { JudgeStamp, Verdict } from '../../src/schema/index.ts';

/** What a judge sees: the question q, the assistant turn a as shown to the model, and the generated user turn u. */
export interface JudgeInput {
  id: string;
  question: string;
  response: string;
  user_turn: string;
  /** Optional context that rules or prompts may use; never required. */
  dataset?: string;
}

/**
 * A judge labels one user turn. It never throws for a bad user turn or a bad judge answer:
 * failures come back as `{kind: 'judge_error', reason}` so they are counted, not dropped. A cache it cannot write
 * is thrown (StorageError): that stops the run, as every storage failure does.
 */
export interface Judge {
  readonly stamp: JudgeStamp;
  /**
   * Everything that shapes this judge's verdicts (code, prompt, config), as a short string: its verdicts are cached
   * by content under it (runners/judge/cached.ts). A judge without one is never cached.
   */
  readonly fingerprint?: string;
  /**
   * True when judging never holds up pending I/O, so its caller need not yield first (core/yield-to-io.ts): the judge
   * yields itself before it computes, or computes on another thread.
   */
  readonly yieldsToIo?: boolean;
  judge(input: JudgeInput): Promise<Verdict>;
  /**
   * The run has failed: send nothing more and give up the requests in flight (an LLM judge; the heuristic judge sends
   * none). Verdicts asked for from then on are judge_error without a request.
   */
  stop?(reason: Error): void;
}
