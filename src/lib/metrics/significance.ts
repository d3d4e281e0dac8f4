/**
 * A paired difference is called an effect only when its interval excludes zero (PROBE.md, Metrics): an interval
 * that touches 0 (including [0, 0]) is not significant.
 */
export const excludesZero = (d: { lo: number; hi: number }): boolean => d.lo > 0 || d.hi < 0;
