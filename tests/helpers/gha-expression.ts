/**
 * A small evaluator for the GitHub Actions expression syntax the workflows use in places a test must read:
 * literals ('…', numbers, true/false/null), context paths (github.event.label.name), `!`, `==`, `!=`, `&&`, `||`,
 * parentheses and format(). Semantics as documented (docs.github.com/actions/reference/workflows-and-actions/expressions):
 * `&&` and `||` return an operand, not a boolean; a missing property is null; string comparison ignores case.
 */
type Value = string | number | boolean | null | Record<string, unknown>;

const TOKEN = /\s*(?:('(?:[^']|'')*')|(\d+(?:\.\d+)?)|([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)|(==|!=|&&|\|\||[!(),]))/y;

const truthy = (v: Value) => !(v === null || v === false || v === 0 || v === '');
const eq = (a: Value, b: Value) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b);
const str = (v: Value) => (v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function evaluateExpression(source: string, contexts: Record<string, unknown>): Value {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (TOKEN.lastIndex < source.length && (m = TOKEN.exec(source))) tokens.push(m[0].trim());
  if (tokens.join('').length !== source.replace(/\s+/g, '').length) throw new Error(`cannot read expression: ${source}`);
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++]!;
  const expect = (t: string) => { if (next() !== t) throw new Error(`expected ${t} in ${source}`); };
  const primary = (): Value => {
    const t = next();
    if (t === '(') { const v = or(); expect(')'); return v; }
    if (t === '!') return !truthy(primary());
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (/^\d/.test(t)) return Number(t);
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'null') return null;
    if (t === 'format' && peek() === '(') {
      next();
      const args: Value[] = [or()];
      while (peek() === ',') { next(); args.push(or()); }
      expect(')');
      return str(args[0]!).replace(/\{(\d+)\}/g, (_, n: string) => str(args[Number(n) + 1] ?? null));
    }
    let v: unknown = contexts;
    for (const k of t.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] ?? null : null;
    return (v ?? null) as Value;
  };
  const comparison = (): Value => {
    let v = primary();
    while (peek() === '==' || peek() === '!=') v = next() === '==' ? eq(v, primary()) : !eq(v, primary());
    return v;
  };
  const and = (): Value => {
    let v = comparison();
    while (peek() === '&&') { next(); const r = comparison(); v = truthy(v) ? r : v; }
    return v;
  };
  const or = (): Value => {
    let v = and();
    while (peek() === '||') { next(); const r = and(); v = truthy(v) ? v : r; }
    return v;
  };
  const v = or();
  if (i !== tokens.length) throw new Error(`unexpected ${tokens[i]} in ${source}`);
  return v;
}

/** A string with `${{ … }}` parts, as a workflow value: each part evaluated and joined as text. */
export function interpolate(value: string, contexts: Record<string, unknown>): string {
  return value.replace(/\$\{\{\s*([\s\S]+?)\s*\}\}/g, (_, e: string) => str(evaluateExpression(e, contexts)));
}
