/**
 * The other names an endpoint answers a model's requests under. vLLM served with several names
 * (`--served-model-name a b`) takes a request for any of them and names the first in every answer (ModelConfig's
 * served_model_name, vllm/config/model.py at 18ec6629253632af0a384f2ffbb8c6b28af322e7; OpenAIServingModels.model_name,
 * vllm/entrypoints/openai/models/serving.py at 4fe4500477d5bbf2c2a467adacc60f7d215cd655). Its /v1/models lists each
 * name as a card with the weights' path as `root`; a LoRA adapter's card has a `parent` and answers under its own name.
 * So the names of cards without a parent whose root is the chosen card's are the same weights: an answer naming one
 * of them is the chosen model's, not another model's. A list without roots (other engines) gives none.
 */
export function servedAliases(list: unknown, model: string): string[] {
  const data = (list as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  const cards = data.filter((c): c is { id: string; root?: unknown; parent?: unknown } => typeof c === 'object' && c !== null && typeof (c as { id?: unknown }).id === 'string');
  const base = (c: { root?: unknown; parent?: unknown }) => typeof c.root === 'string' && c.root !== '' && (c.parent === undefined || c.parent === null);
  const chosen = cards.find((c) => c.id === model);
  if (!chosen || !base(chosen)) return [];
  return cards.filter((c) => c.id !== model && base(c) && c.root === chosen.root).map((c) => c.id);
}
