/**
 * A CSV reader with the semantics of Python's `csv.reader` (excel dialect, non-strict), which IFBench's CSV checks
 * use: records split at `\n` / `\r\n`, an empty line is an empty row `[]`, quotes open a field only at its start,
 * `""` inside quotes is a literal quote, a stray quote after a closing quote is kept, a quoted field may span lines,
 * and a carriage return in the middle of an unquoted line is an error (as in Python).
 */

const FIELD_LIMIT = 131072; // Python's csv.field_size_limit() default

type State = 'START_RECORD' | 'START_FIELD' | 'IN_FIELD' | 'IN_QUOTED_FIELD' | 'QUOTE_IN_QUOTED_FIELD' | 'EAT_CRNL';

export function readCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  const lines = text.match(/[^\n]*\n|[^\n]+$/gu) ?? [];
  let state: State = 'START_RECORD';
  let fields: string[] = [];
  let field = '';
  let fieldLen = 0;
  const save = () => {
    fields.push(field);
    field = '';
    fieldLen = 0;
  };
  const add = (c: string) => {
    if (++fieldLen > FIELD_LIMIT) throw new Error(`field larger than field limit (${FIELD_LIMIT})`);
    field += c;
  };
  const EOL = null;
  const step = (c: string | null) => {
    const nl = c === '\n' || c === '\r';
    switch (state) {
      case 'START_RECORD':
        if (c === EOL) return;
        if (nl) {
          state = 'EAT_CRNL';
          return;
        }
        state = 'START_FIELD';
      // falls through
      case 'START_FIELD':
        if (nl || c === EOL) {
          save();
          state = c === EOL ? 'START_RECORD' : 'EAT_CRNL';
        } else if (c === '"') state = 'IN_QUOTED_FIELD';
        else if (c === delimiter) save();
        else {
          add(c);
          state = 'IN_FIELD';
        }
        return;
      case 'IN_FIELD':
        if (nl || c === EOL) {
          save();
          state = c === EOL ? 'START_RECORD' : 'EAT_CRNL';
        } else if (c === delimiter) {
          save();
          state = 'START_FIELD';
        } else add(c);
        return;
      case 'IN_QUOTED_FIELD':
        if (c === EOL) return;
        if (c === '"') state = 'QUOTE_IN_QUOTED_FIELD';
        else add(c);
        return;
      case 'QUOTE_IN_QUOTED_FIELD':
        if (c === '"') {
          add(c);
          state = 'IN_QUOTED_FIELD';
        } else if (c === delimiter) {
          save();
          state = 'START_FIELD';
        } else if (nl || c === EOL) {
          save();
          state = c === EOL ? 'START_RECORD' : 'EAT_CRNL';
        } else {
          add(c);
          state = 'IN_FIELD';
        }
        return;
      case 'EAT_CRNL':
        if (nl) return;
        if (c === EOL) {
          state = 'START_RECORD';
          return;
        }
        throw new Error('new-line character seen in unquoted field');
    }
  };
  let i = 0;
  while (i < lines.length) {
    // one record: one or more lines (a quoted field may span lines)
    do {
      if (i >= lines.length) {
        if (fieldLen !== 0 || (state as State) === 'IN_QUOTED_FIELD') {
          save();
          rows.push(fields);
        }
        return rows;
      }
      const line = lines[i++]!;
      for (const c of line) {
        if (c === '\0') throw new Error('line contains NUL');
        step(c);
      }
      step(EOL);
    } while ((state as State) !== 'START_RECORD');
    rows.push(fields);
    fields = [];
  }
  return rows;
}
