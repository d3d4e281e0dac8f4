/** The two judges stamped on synthetic samples (an LLM judge as primary, the rules as secondary). */
export const PRIMARY = 'llm:gpt-5.4-mini:judge-v1';
export const SECONDARY = 'heuristic:rules-1';
