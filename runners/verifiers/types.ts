import type { ItemScore } from '../../src/schema/index.ts';
import type { VerifierItem } from '../core/items.ts';

/** A verifier is a pure function: answer text in, structured score out. It never throws. */
export type Verify = (item: VerifierItem, answer: string) => ItemScore;
