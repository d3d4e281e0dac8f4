/** Plain proportion; null (never 0) when nothing was measured. */
export const rate = (hits: number, trials: number): number | null => (trials > 0 ? hits / trials : null);
