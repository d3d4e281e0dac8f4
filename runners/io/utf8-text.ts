/**
 * The text of a model repository's file (a chat template, tokenizer_config.json, config.json): strict UTF-8, a leading
 * byte order mark kept as transformers' open(…, encoding="utf-8") keeps it. Null when the bytes are not UTF-8:
 * transformers raises UnicodeDecodeError there, so the engine would not load the file, while a lenient decode put
 * U+FFFD into every prompt the runner rendered.
 */
export function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Why such a file is refused (callers name the file). */
export const NOT_UTF8 = 'not valid UTF-8 text (transformers, and so the engine, would not read it either)';
