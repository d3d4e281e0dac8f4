/**
 * Keyboard movement between a chart's marks (pure; the page script is src/components/charts/ChartKeys.astro). A chart
 * is one tab stop (roving tabindex): the arrow keys move within it. Marks are listed in document order, each with the
 * index of its series (the model it belongs to: a scatter point, a temperature line, a failure bar's row), and a
 * series' marks are contiguous.
 *   ← →  the previous / next mark (along a line, along a bar, on into the next series)
 *   ↑ ↓  the previous / next series, at the same position within it (the nearest when it has fewer marks)
 *   Home / End  the first / last mark
 */

/** The index of the mark a key moves to from mark `at`; null when the key is not one of the chart's keys. */
export function nextMark(series: readonly number[], at: number, key: string): number | null {
  const last = series.length - 1;
  if (last < 0) return null;
  switch (key) {
    case 'ArrowRight': return Math.min(at + 1, last);
    case 'ArrowLeft': return Math.max(at - 1, 0);
    case 'Home': return 0;
    case 'End': return last;
    case 'ArrowDown': case 'ArrowUp': {
      const start = (i: number) => { let s = i; while (s > 0 && series[s - 1] === series[i]) s--; return s; };
      const from = start(at);
      const pos = at - from;
      // The first mark of the neighbouring series: just past this one's end, or the start of the one before it.
      let to: number;
      if (key === 'ArrowDown') {
        to = from;
        while (to <= last && series[to] === series[at]) to++;
        if (to > last) return at;
      } else {
        if (from === 0) return at;
        to = start(from - 1);
      }
      let end = to;
      while (end < last && series[end + 1] === series[to]) end++;
      return Math.min(to + pos, end);
    }
    default: return null;
  }
}
