/**
 * Which file of a GGUF repository holds a quantisation, as llama.cpp's `--hf-repo <repo>:<quant>` and Ollama's
 * `hf.co/<repo>:<quant>` pick it: a file named `…-<quant>.gguf` or `….<quant>.gguf` (case-insensitive), in any folder;
 * of a split model (`…-<quant>-00001-of-00003.gguf`) the first part, the one whose header holds the metadata. Vision
 * projectors (`mmproj-…`) are not the model.
 */
export type GgufPick = { ok: true; file: string } | { ok: false; reason: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isProjector = (path: string) => /^mmproj/i.test(path.split('/').pop() ?? '');
/** The second or a later part of a split model: no metadata, and not a choice of its own. */
const laterPart = (path: string) => /-\d{5}-of-\d{5}\.gguf$/i.test(path) && !/-00001-of-\d{5}\.gguf$/i.test(path);

export function pickGgufFile(paths: readonly string[], quant: string): GgufPick {
  const re = new RegExp(`[-.]${escape(quant)}(-00001-of-\\d{5})?\\.gguf$`, 'i');
  const matches = paths.filter((p) => re.test(p) && !isProjector(p));
  if (matches.length === 1) return { ok: true, file: matches[0]! };
  const ggufs = paths.filter((p) => /\.gguf$/i.test(p) && !laterPart(p));
  const listed = (xs: readonly string[]) => (xs.length > 20 ? `${xs.slice(0, 20).join(', ')} and ${xs.length - 20} more` : xs.join(', '));
  if (matches.length > 1) return { ok: false, reason: `more than one file matches "${quant}": ${listed(matches)}` };
  return { ok: false, reason: ggufs.length === 0 ? 'the repository has no .gguf file at this revision' : `no file matches "${quant}"; the .gguf files are ${listed(ggufs)}` };
}
