/**
 * Rule-set version, stamped as the heuristic judge's prompt_version. Bump when any rule changes a label.
 * A module of its own so a judge's stamp is known without loading the rules (judge.ts loads them on first use).
 */
export const HEURISTIC_VERSION = 'heuristic-v8';
