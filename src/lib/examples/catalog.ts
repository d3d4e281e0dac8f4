/** The models and datasets the site published samples for (pure): the only ids that ever build a fetch path. */

export interface ModelInfo { id: string; name: string; family: string; datasets: string[] }

export interface Catalog {
  has(model: string): boolean;
  name(model: string): string;
  datasets(model: string): string[];
  /** Every dataset any model published samples for, in first-seen order. */
  allDatasets(): string[];
  families(): string[];
  /** Whether samples of this model × dataset are published. */
  published(model: string, dataset: string): boolean;
  /** The models with samples on a dataset, in catalog order; `family` "" = any. */
  on(dataset: string, family?: string): ModelInfo[];
  /** The other models with samples on a dataset (candidates for a side-by-side view). */
  others(model: string, dataset: string): ModelInfo[];
}

export function catalog(models: readonly ModelInfo[]): Catalog {
  const find = (id: string) => models.find((m) => m.id === id);
  const uniq = (xs: string[]) => [...new Set(xs)];
  return {
    has: (id) => find(id) !== undefined,
    name: (id) => find(id)?.name ?? id,
    datasets: (id) => find(id)?.datasets ?? [],
    allDatasets: () => uniq(models.flatMap((m) => m.datasets)),
    families: () => uniq(models.map((m) => m.family)).sort(),
    published: (id, d) => find(id)?.datasets.includes(d) ?? false,
    on: (d, family = '') => models.filter((m) => m.datasets.includes(d) && (!family || m.family === family)),
    others: (id, d) => models.filter((m) => m.id !== id && m.datasets.includes(d)),
  };
}
