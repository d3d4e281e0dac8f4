/** The middle of a list of figures (the upper one of an even count): what the benchmarks report of their rounds. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
