/** What the example browser opens with, read from its query string (pure). */
import type { Catalog } from './catalog.ts';
import type { Filters } from './scan.ts';

export type Route =
  | { view: 'list' }
  | { view: 'one'; model: string; dataset: string; sample: string }
  /** A permalink to a model × dataset the site has no samples for. */
  | { view: 'missing'; sample: string }
  | { view: 'compare'; dataset: string; item: string; a: string; b: string };

export interface Opening extends Filters { model: string; dataset: string; route: Route }

/** Unknown model or dataset ids fall back to the defaults; filters are taken as given (they only filter). */
export function readQuery(p: URLSearchParams, known: Catalog, defaults: { model: string; dataset: string }): Opening {
  let { model, dataset } = defaults;
  const m = p.get('model');
  const d = p.get('dataset');
  if (m && known.has(m)) model = m;
  if (d && known.datasets(model).includes(d)) dataset = d;
  const filters: Filters = { condition: p.get('condition') ?? '', label: p.get('label') ?? '', query: p.get('q') ?? '', disagree: p.get('disagree') === '1' };
  const sample = p.get('sample');
  const [item, a, b] = [p.get('item'), p.get('a'), p.get('b')];
  if (p.get('view') === 'compare' && item && a && b && d) {
    if (known.has(a)) model = a;
    return { model, dataset: d, ...filters, route: { view: 'compare', dataset: d, item, a, b } };
  }
  if (sample && m && d) {
    const route: Route = known.published(m, d) ? { view: 'one', model: m, dataset: d, sample } : { view: 'missing', sample };
    return { model, dataset, ...filters, route };
  }
  return { model, dataset, ...filters, route: { view: 'list' } };
}
