/**
 * Chart colours (pure). Okabe–Ito hues, darkened where needed so that every colour is a mid-luminance one with at least
 * 3:1 contrast against both the light (#ffffff) and the dark (#121417) page: one palette serves both themes, so chart
 * markup can carry plain fill attributes (no inline styles under the CSP). Colour never carries meaning alone: families
 * are also named by direct labels and legends, significance by filled vs hollow marks.
 */
import type { Label } from '../../schema/index.ts';

/** Categorical palette in Okabe–Ito order: blue, vermillion, bluish green, reddish purple, orange, sky blue, yellow, grey. */
export const CATEGORICAL = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#b77f00', '#2f8ac0', '#9a8c00', '#7f7f7f'] as const;

/** A colour per key, stable by sorted key (so a family keeps its colour whatever else is on the chart). */
export function categoricalColor(keys: readonly string[]): (key: string) => string {
  const sorted = [...new Set(keys)].sort();
  return (key) => CATEGORICAL[Math.max(0, sorted.indexOf(key)) % CATEGORICAL.length]!;
}

/** Fill colours per label, from the same palette (green = genuine, vermillion = identity leakage: safe for red–green CVD). */
export const LABEL_COLORS: Record<Label, string> = {
  genuine_followup: '#009e73',
  prompt_restatement: '#b77f00',
  new_unrelated_query: '#cc79a7',
  identity_leakage: '#d55e00',
  meta_planning: '#0072b2',
  generic_closing: '#8a8f98',
  empty_or_degenerate: '#9a8c00',
};

/** How an estimate with an interval is marked: filled and coloured when the interval excludes zero, hollow and grey otherwise. */
export interface SignificanceMark { filled: boolean; colour: string; word: 'significant' | 'not significant' }
export const SIGNIFICANT_COLOUR = '#0072b2';
export const NOT_SIGNIFICANT_COLOUR = '#7f7f7f';
export function significanceMark(significant: boolean): SignificanceMark {
  return significant
    ? { filled: true, colour: SIGNIFICANT_COLOUR, word: 'significant' }
    : { filled: false, colour: NOT_SIGNIFICANT_COLOUR, word: 'not significant' };
}
