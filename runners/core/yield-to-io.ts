/**
 * Let pending I/O run first. Judging is CPU work; chained through microtasks, a burst of it would keep the
 * event loop from reading responses that have already arrived. Those responses would not be cached yet, and a
 * crash in that moment would send them again on resume.
 */
export const yieldToIo = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
