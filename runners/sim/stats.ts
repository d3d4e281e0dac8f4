/** Request accounting for GET /sim/stats: tests use it to prove retries happened and nothing completed twice. */
export interface SimStats {
  requests: number;
  /** route → status (HTTP code, or reset / hang / malformed / truncated) → count */
  routes: Record<string, Record<string, number>>;
  /** request key (sha-256 of the canonical body without `stream` / `stream_options`) → completed 200 responses */
  completed: Record<string, number>;
  /** Completed answers sent as an event stream (the rest came as one JSON body). */
  streamed: number;
}

export function newStats(): SimStats {
  return { requests: 0, routes: {}, completed: {}, streamed: 0 };
}

export function countRoute(stats: SimStats, route: string, status: string): void {
  const r = (stats.routes[route] ??= {});
  r[status] = (r[status] ?? 0) + 1;
}
