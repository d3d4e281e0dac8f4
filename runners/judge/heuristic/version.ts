/**
 * Rule-set version, stamped as the heuristic judge's prompt_version. Bump when any rule changes a label, or any field of
 * a verdict: `userturn validate` judges verdicts stamped with this version again and compares every field.
 * A module of its own so a judge's stamp is known without loading the rules (judge.ts loads them on first use).
 */
export const HEURISTIC_VERSION = 'heuristic-v15';
