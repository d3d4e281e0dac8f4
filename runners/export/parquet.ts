import { parquetWriteBuffer } from 'hyparquet-writer';
import { redact } from '../io/secrets.ts';
import type { ColumnSpec } from './columns.ts';

type Cell = string | bigint | number | boolean | null;

/** One value as its Parquet cell: null stays null, objects and arrays become JSON text, integers 64-bit. */
function cell(value: unknown, col: ColumnSpec): Cell {
  if (value === null || value === undefined) return null;
  switch (col.type) {
    case 'JSON':
      return redact(JSON.stringify(value));
    case 'STRING':
      if (typeof value !== 'string') throw new TypeError(`column ${col.name}: expected a string, got ${typeof value}`);
      return redact(value);
    case 'INT64':
      if (!Number.isSafeInteger(value)) throw new TypeError(`column ${col.name}: expected an integer, got ${String(value)}`);
      return BigInt(value as number);
    case 'DOUBLE':
      if (typeof value !== 'number') throw new TypeError(`column ${col.name}: expected a number, got ${typeof value}`);
      return value;
    case 'BOOLEAN':
      if (typeof value !== 'boolean') throw new TypeError(`column ${col.name}: expected a boolean, got ${typeof value}`);
      return value;
  }
}

/**
 * A Parquet file of `rows` (objects keyed by column name) with exactly `columns`, typed and nullable.
 * Deterministic: no timestamps, a fixed writer name, the rows in the order given.
 */
export function parquetBytes(columns: ColumnSpec[], rows: Array<Record<string, unknown>>): Uint8Array {
  const buf = parquetWriteBuffer({
    createdBy: 'userturn export',
    columnData: columns.map((col) => ({
      name: col.name,
      // Parquet's JSON logical type is avoided on purpose (see columns.ts): JSON columns are plain UTF-8 strings.
      type: col.type === 'JSON' ? 'STRING' : col.type,
      nullable: true,
      data: rows.map((r) => cell(r[col.name], col)),
    })),
  });
  return new Uint8Array(buf);
}
