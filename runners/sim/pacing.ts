import type { ServerResponse } from 'node:http';

/**
 * How a streamed answer leaves the simulator. Unpaced (a step of 0 ms, the default): the whole stream in one write,
 * the cheapest for tests. Paced: after the time to first token, one piece per decode step for every stream in
 * flight, each written and flushed on its own, as an engine's decode loop (vLLM, SGLang, llama.cpp, Ollama) emits
 * one token per running request per step. So the client reads a stream the way it reads a real engine's: one
 * small chunk at a time, its parser and timers working per chunk. One timer steps every stream, as one engine step
 * serves the whole batch; a stream that starts between two steps gets its next piece at the next step.
 */
export interface Pacer {
  /** Write `pieces`, then end the response (calling `onEnded` once it is flushed) when `end`; false when the client left first. */
  send(res: ServerResponse, pieces: readonly string[], end: boolean, onEnded?: () => void): Promise<boolean>;
  /** Stop stepping; every stream still in flight is settled as not sent (the server closes their connections). */
  close(): void;
}

/** The pieces with `end` (a usage chunk, [DONE], Ollama's last line) in the last one's step: engines send those right after the last token. */
export const closing = (pieces: readonly string[], end: string): string[] => [...pieces.slice(0, -1), `${pieces.at(-1) ?? ''}${end}`];

interface Flow {
  res: ServerResponse;
  pieces: readonly string[];
  next: number;
  end: boolean;
  onEnded?: () => void;
  done(sent: boolean): void;
}

export function createPacer(stepMs: number): Pacer {
  const flows = new Set<Flow>();
  let timer: NodeJS.Timeout | null = null;

  function advance(f: Flow): void {
    if (f.res.destroyed) {
      flows.delete(f);
      f.done(false);
      return;
    }
    const piece = f.pieces[f.next++]!;
    if (f.next < f.pieces.length) {
      f.res.write(piece);
      return;
    }
    flows.delete(f);
    if (f.end) f.res.end(piece, f.onEnded);
    else f.res.write(piece);
    f.done(true);
  }

  function step(): void {
    for (const f of flows) advance(f);
    if (flows.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  return {
    send(res, pieces, end, onEnded) {
      if (stepMs === 0 || pieces.length <= 1) {
        const text = pieces.join('');
        if (end) res.end(text, onEnded);
        else res.write(text);
        return Promise.resolve(true);
      }
      return new Promise<boolean>((done) => {
        const f: Flow = { res, pieces, next: 0, end, onEnded, done };
        flows.add(f);
        advance(f);
        // Unref'd: open connections keep the process alive, a pending step on its own does not.
        if (flows.size > 0 && timer === null) timer = setInterval(step, stepMs).unref();
      });
    },
    close() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      for (const f of flows) f.done(false);
      flows.clear();
    },
  };
}
