/** Links of the example browser (pure). Ids are URL-encoded one by one, so a sample id's "~" stays readable. */

const enc = encodeURIComponent;
const page = (base: string, params: Array<[string, string]>): string =>
  `${base}examples/?${params.map(([k, v]) => `${k}=${enc(v)}`).join('&')}`;

/** The list of a model × dataset. */
export const listLink = (base: string, model: string, dataset: string): string =>
  page(base, [['model', model], ['dataset', dataset]]);

/** A filtered list (a leaderboard cell, a failure-bar segment): empty filters are left out. */
export const filteredLink = (base: string, f: { model: string; dataset: string; condition?: string; label?: string }): string =>
  page(base, stateParams({ model: f.model, dataset: f.dataset, condition: f.condition ?? '', label: f.label ?? '' }));

/** The permalink of one sample. */
export const permalink = (base: string, model: string, dataset: string, id: string): string =>
  page(base, [['model', model], ['dataset', dataset], ['sample', id]]);

/** Any number of models' samples of one item side by side (condition "" = every condition). */
export const compareLink = (base: string, dataset: string, item: string, models: readonly string[], condition: string): string =>
  page(base, [['view', 'compare'], ['dataset', dataset], ['item', item], ['models', models.join(',')], ['condition', condition]]);

/** The query parameters that restore a view, empty values left out (for history.replaceState). */
export function stateParams(params: Record<string, string>): Array<[string, string]> {
  return Object.entries(params).filter(([, v]) => v !== '');
}
