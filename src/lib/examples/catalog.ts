/** The models and datasets the site published samples for (pure): the only ids that ever build a fetch path. */

export interface ModelInfo { id: string; name: string; datasets: string[] }

export interface Catalog {
  has(model: string): boolean;
  name(model: string): string;
  datasets(model: string): string[];
  /** Whether samples of this model × dataset are published. */
  published(model: string, dataset: string): boolean;
  /** The other models with samples on a dataset (candidates for a side-by-side view). */
  others(model: string, dataset: string): ModelInfo[];
}

export function catalog(models: readonly ModelInfo[]): Catalog {
  const find = (id: string) => models.find((m) => m.id === id);
  return {
    has: (id) => find(id) !== undefined,
    name: (id) => find(id)?.name ?? id,
    datasets: (id) => find(id)?.datasets ?? [],
    published: (id, d) => find(id)?.datasets.includes(d) ?? false,
    others: (id, d) => models.filter((m) => m.id !== id && m.datasets.includes(d)),
  };
}
