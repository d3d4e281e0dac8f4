/** The taxonomy for code that ships to the browser: src/schema/ids.ts imports nothing (no zod). */
import { LABELS } from '../../schema/ids.ts';

export const SITE_LABELS = LABELS;
export type SiteLabel = (typeof SITE_LABELS)[number];

export type SizeBucket = 'small' | 'medium' | 'large';
export const SIZE_BUCKETS: Array<{ id: SizeBucket; label: string; test: (b: number) => boolean }> = [
  { id: 'small', label: 'under 10B', test: (b) => b < 10 },
  { id: 'medium', label: '10B to 100B', test: (b) => b >= 10 && b < 100 },
  { id: 'large', label: '100B and more', test: (b) => b >= 100 },
];
