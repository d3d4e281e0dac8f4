/**
 * Text and number rules shared by the chart layouts (pure). Charts are drawn in two variants: a wide one and a narrow
 * one for phones, chosen by a CSS container query (no JavaScript). Both use FONT user units for text, and each is only
 * shown at widths where one user unit is at least 11/12 px, so text never renders below 11 px.
 */
export const FONT = 12;
/** Width of the wide variant; it is shown from WIDE_MIN px of container width (760 × 11/12 ≈ 697). */
export const WIDE = 760;
export const WIDE_MIN = 700;
/** Width of the narrow variant: the content width of a 360 px screen (360 − 2 × 12 px of page padding). */
export const NARROW = 336;
/** Widths below this lay a chart out for phones. */
export const isNarrow = (width: number): boolean => width < 480;

/** Estimated advance of one character of the site's sans-serif at `font` px (generous, so estimates rarely fall short). */
export const charWidth = (font = FONT): number => font * 0.6;
export const textWidth = (text: string, font = FONT): number => text.length * charWidth(font);

/** Shorten a name to what fits in `width` user units, with an ellipsis. */
export function clip(text: string, width: number, font = FONT): string {
  const n = Math.max(4, Math.floor(width / charWidth(font)));
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

/** One decimal: all a screen can show of an SVG coordinate (and 15 significant digits fewer in the HTML). */
export const r1 = (x: number): number => Math.round(x * 10) / 10;

export interface Tick { v: number; pos: number; text: string; anchor: 'start' | 'middle' | 'end' }
/** An axis tick whose label is centred on it unless that would cut it off at the edge of a `width`-wide chart. */
export function tick(v: number, pos: number, text: string, width: number, font = FONT): Tick {
  const half = textWidth(text, font) / 2;
  const p = r1(pos);
  return { v, pos: p, text, anchor: p - half < 0 ? 'start' : p + half > width ? 'end' : 'middle' };
}
export const pctTick = (v: number): string => `${Math.round(v * 100)}%`;

/** A chart's description ends by saying where its values are as text: in the data table below it. */
export const TABLE_BELOW = 'The data table below the chart lists every value.';
/**
 * The same for a findings chart (`compact`): its table is closed under "Show values"; pooled over datasets (on `/`),
 * the chart's page has no pooled view, only one table per dataset.
 */
export function findingsValuesNote(pooled: boolean): string {
  return pooled
    ? 'Its pooled values are in the table under “Show values” below the chart; the chart\'s page, linked below, has a data table for each dataset.'
    : 'Its values are in the table under “Show values” below the chart, and in the data table of the chart\'s page, linked below.';
}
/** Ends a chart's description: how its marks are reached from the keyboard (ChartKeys.astro, chart-keys.ts). */
export const MARKS_KEYS = 'Tab reaches its marks; the arrow keys move between them.';
