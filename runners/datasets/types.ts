import type { DatasetId } from '../../src/schema/index.ts';
import type { DatasetItem } from '../core/items.ts';

export interface LoadedDataset {
  id: DatasetId;
  /** Every item of the split, in source order. */
  items: DatasetItem[];
  /** Files read, with their actual checksums (provenance). */
  files: Array<{ name: string; sha256: string }>;
  /** Local files (`<dataset>/<file>`) whose checksum differs from the suite's pin: used, and recorded as they are. */
  differs: string[];
}
