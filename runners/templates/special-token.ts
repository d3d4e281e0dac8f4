/**
 * A special token spelled between bars: `<|im_start|>`, `<|eot_id|>`, `<|end|>`, and DeepSeek's full-width form,
 * `<｜User｜>`, `<｜Assistant｜>`, `<｜end▁of▁sentence｜>` (U+FF5C for the bars, U+2581 for spaces: the tokens of
 * deepseek-ai/DeepSeek-R1's and -V3's tokenizer_config.json). The source of a pattern, for the runner's cut, the
 * prompt builder's end-of-turn markers and doctor's special-token check to build on.
 */
export const BAR_TOKEN = '<\\|[^|<>\\s]{1,40}\\|>|<｜[^｜<>\\s]{1,40}｜>';
