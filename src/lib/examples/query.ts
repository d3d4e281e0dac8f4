/** What the example browser opens with, read from its query string (pure). */
import type { Catalog } from './catalog.ts';
import type { Filters } from './evaluate.ts';

/** The `models` value that selects every model (of the family, when one is set). */
export const ALL = '*';

export type Route =
  | { view: 'list' }
  | { view: 'one'; model: string; dataset: string; sample: string }
  /** A permalink to a model × dataset the site has no samples for. */
  | { view: 'missing'; sample: string }
  | { view: 'compare'; dataset: string; item: string; models: string[] };

export interface Opening extends Filters {
  /** The selected models: [ALL], or known ids. */
  models: string[];
  family: string;
  dataset: string;
  /** Pages of matches shown (1…). */
  page: number;
  route: Route;
}

const MAX_PAGE = 1000;
const list = (v: string | null) => (v ?? '').split(',').filter(Boolean);

/** Unknown model or dataset ids fall back to the defaults; filters are taken as given (they only filter). */
export function readQuery(p: URLSearchParams, known: Catalog, defaults: { model: string; dataset: string }): Opening {
  const asked = p.has('models') ? list(p.get('models')) : list(p.get('model'));
  const ids = asked.filter((m) => known.has(m));
  const models = asked.includes(ALL) ? [ALL] : ids.length ? ids : [defaults.model];
  const pool = models[0] === ALL ? known.allDatasets() : [...new Set(models.flatMap((m) => known.datasets(m)))];
  const d = p.get('dataset');
  const dataset = d && pool.includes(d) ? d : pool.includes(defaults.dataset) ? defaults.dataset : pool[0] ?? defaults.dataset;
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(p.get('page')) || 1)));
  const base = {
    models, dataset, page, family: p.get('family') ?? '',
    condition: p.get('condition') ?? '', label: p.get('label') ?? '', query: p.get('q') ?? '', disagree: p.get('disagree') === '1',
  };
  const item = p.get('item');
  if (p.get('view') === 'compare' && item && d) {
    const cmp = (p.has('models') ? list(p.get('models')) : [p.get('a') ?? '', p.get('b') ?? '']).filter((m) => known.has(m));
    if (cmp.length >= 1) return { ...base, models: [cmp[0]!], dataset: d, route: { view: 'compare', dataset: d, item, models: [...new Set(cmp)] } };
  }
  const sample = p.get('sample');
  const m = p.get('model');
  if (sample && m && d) return { ...base, route: known.published(m, d) ? { view: 'one', model: m, dataset: d, sample } : { view: 'missing', sample } };
  return { ...base, route: { view: 'list' } };
}
