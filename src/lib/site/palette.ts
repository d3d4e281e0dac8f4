/**
 * Chart colours (pure). Okabe–Ito hues, darkened where needed so that every colour is a mid-luminance one with at least
 * 3:1 contrast against both the light (#ffffff) and the dark (#121417) page: one palette serves both themes, so chart
 * markup can carry plain fill attributes (no inline styles under the CSP). Colour never carries meaning alone: families
 * are also named by direct labels and legends, significance by filled vs hollow marks.
 */
import type { Label } from '../../schema/index.ts';

/**
 * Categorical palette: blue, vermillion, bluish green, reddish purple (Okabe–Ito), dark ochre, lavender, violet, grey.
 * Okabe–Ito's orange, sky blue and yellow are told apart from vermillion and blue by lightness; held to the mid
 * lightness that 3:1 on both themes allows, they looked the same as vermillion (orange, yellow) to deuteranopes, so
 * they are replaced by colours at least ΔE 9 from every other under normal, deuteranope and protanope vision
 * (tests/unit/site/palette.test.ts).
 */
export const CATEGORICAL = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#8c5a00', '#8f7fd6', '#8800ff', '#7f7f7f'] as const;

/** A colour per key, stable by sorted key (so a family keeps its colour whatever else is on the chart). */
export function categoricalColor(keys: readonly string[]): (key: string) => string {
  const sorted = [...new Set(keys)].sort();
  return (key) => CATEGORICAL[Math.max(0, sorted.indexOf(key)) % CATEGORICAL.length]!;
}

/**
 * Fill colours per label (green = genuine, vermillion = identity leakage: safe for red–green CVD). Every pair is at least
 * ΔE 9 apart for deuteranopes and protanopes too: restatement is a dark ochre, not an orange, and degenerate output a
 * lavender, not a yellow, because at this lightness orange, yellow and vermillion are one colour to them.
 */
export const LABEL_COLORS: Record<Label, string> = {
  genuine_followup: '#009e73',
  prompt_restatement: '#8c5a00',
  new_unrelated_query: '#cc79a7',
  identity_leakage: '#d55e00',
  meta_planning: '#0072b2',
  generic_closing: '#63676f',
  empty_or_degenerate: '#8f7fd6',
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
