/** Parse JSONL text; a bad line fails with its file and line number (never skipped silently). */
export function parseJsonl(text: string, file: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw new Error(`${file}:${i + 1}: invalid JSON: ${(e as Error).message}`);
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(`${file}:${i + 1}: expected a JSON object`);
    out.push(v as Record<string, unknown>);
  }
  return out;
}

export function str(row: Record<string, unknown>, key: string, where: string): string {
  const v = row[key];
  if (typeof v !== 'string') throw new Error(`${where}: field "${key}" must be a string`);
  return v;
}

export function idOf(v: unknown, where: string): string {
  const s = typeof v === 'number' && Number.isInteger(v) ? String(v) : typeof v === 'string' ? v : null;
  if (s === null || !/^[A-Za-z0-9._-]{1,100}$/.test(s)) throw new Error(`${where}: item id ${JSON.stringify(v)} is not a URL-safe string`);
  return s;
}
