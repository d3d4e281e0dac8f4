import type { Submission } from '../../src/schema/index.ts';

/**
 * Bits per weight of the common GGUF quantisations over a whole model file (embeddings and output kept at higher
 * precision included), approximate and rounded up: Qwen3-8B's Q4_K_M file is about 5 GB for 8.2B parameters, 4.9
 * bits. A name not listed (e.g. unsloth's UD-Q4_K_XL) is sized as 16-bit weights, as before.
 */
const GGUF_BITS: Record<string, number> = {
  F32: 32, F16: 16, BF16: 16, Q8_0: 8.5, Q6_K: 6.6, Q5_1: 6, Q5_K_M: 5.7, Q5_K_S: 5.6, Q5_0: 5.5, Q4_1: 5, Q4_K_M: 4.9,
  Q4_K_S: 4.6, Q4_0: 4.6, IQ4_NL: 4.6, IQ4_XS: 4.3, Q3_K_L: 4.3, Q3_K_M: 3.9, IQ3_M: 3.7, Q3_K_S: 3.5, IQ3_S: 3.5,
  IQ3_XS: 3.3, IQ3_XXS: 3.1, Q2_K: 3, IQ2_M: 2.7, IQ2_S: 2.5, IQ2_XS: 2.4, IQ2_XXS: 2.1, IQ1_M: 1.8, IQ1_S: 1.6,
};

/** The file's bytes per parameter: the quantisation's for a GGUF engine, else 2 (16-bit, the most a hub repo usually holds). */
function bytesPerParameter(sub: Submission): number {
  const gguf = sub.serving.engine === 'llamacpp' || sub.serving.engine === 'ollama';
  const bits = gguf && sub.serving.gguf_quant !== undefined ? GGUF_BITS[sub.serving.gguf_quant.toUpperCase()] : undefined;
  return bits === undefined ? 2 : bits / 8;
}

/**
 * Room in the engine's Hugging Face cache for the weights it downloads, and a quarter more for tokenizer, config,
 * a vision projector and partly downloaded files, at least 20Gi.
 */
export const hfCacheSizeFor = (sub: Submission): string => `${Math.max(20, Math.ceil(sub.params.total_b * bytesPerParameter(sub) * 1.25))}Gi`;
