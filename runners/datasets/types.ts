import type { DatasetId } from '../../src/schema/index.ts';
import type { VerifierItem } from '../verifiers/types.ts';

/** One dataset item as the probe uses it. */
export interface DatasetItem {
  dataset: DatasetId;
  /** Stable id within the dataset (URL-safe): the source's own key, or the zero-padded line index. */
  id: string;
  /** The user question q (first turn). */
  question: string;
  /** Reference response used by the `reference` condition; null when the dataset has none for this item. */
  reference: string | null;
  /** What the verifier needs; null for conversation sets (no accuracy). */
  verifier: VerifierItem | null;
}

export interface LoadedDataset {
  id: DatasetId;
  /** Every item of the split, in source order. */
  items: DatasetItem[];
  /** Files read, with their actual checksums (provenance). */
  files: Array<{ name: string; sha256: string }>;
}
