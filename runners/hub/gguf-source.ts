/**
 * The bytes of a GGUF file's header, pulled on demand in ranges (from gguf-range-fetch.ts) as a reader moves through
 * them. Only the range being parsed is held: bytes passed over are dropped, a skip moves the cursor without fetching,
 * and nothing is fetched twice, so a header costs time linear in the bytes read and memory of one range (2 MB, or the
 * one value asked for whole, if longer).
 */

/** A header that is not one this reader takes: cut short, a length that lies, an unknown type, past a bound. */
export class GgufHeaderError extends Error {}

/** Bytes [start, end] of the file, or fewer where the file ends sooner (none past its end). */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

/** The size of a range (as @huggingface/gguf asked; network errors name ranges by it: bytes 0-1999999). */
export const CHUNK = 2_000_000;

export class GgufSource {
  /** The file offset of the next byte to parse. */
  pos = 0;
  /** The first byte past the end of the file, once a short range showed it. */
  eof: number | null = null;
  /** What is being parsed, for errors ("the value of general.name"). */
  context = 'the header';
  private buf: Uint8Array = new Uint8Array(0);
  private view: DataView = new DataView(this.buf.buffer);
  /** The file offset of buf[0]. */
  private at = 0;
  /** The last length claimed: one that runs past the file's end is named as the cause. */
  private skipped: { from: number; to: number; claimed: bigint | number; context: string } | null = null;

  private readonly read: ReadRange;
  /** The bytes of the file a header may span. */
  private readonly maxBytes: number;

  constructor(read: ReadRange, maxBytes: number) {
    this.read = read;
    this.maxBytes = maxBytes;
  }

  /**
   * Moves past n bytes without reading them. For errors: `claimed`, the length as the file gave it, and `from`, where
   * the value it belongs to starts.
   */
  skip(n: number, claimed: bigint | number = n, from = this.pos): void {
    this.claim(n, claimed, from);
    this.pos += n;
  }

  /** Fails now if the next n bytes (a length the file gave) cannot be there; an error later names the length. */
  claim(n: number, claimed: bigint | number = n, from = this.pos): void {
    const to = this.pos + n;
    this.skipped = { from, to, claimed, context: this.context };
    this.check(to);
  }

  /** The next n bytes, whole (a view valid until the next read). */
  async bytes(n: number): Promise<Uint8Array> {
    const off = await this.ensure(n);
    this.pos += n;
    return this.buf.subarray(off, off + n);
  }

  async u8(): Promise<number> {
    const off = await this.ensure(1);
    this.pos += 1;
    return this.buf[off]!;
  }

  async u32(): Promise<number> {
    const off = await this.ensure(4);
    this.pos += 4;
    return this.view.getUint32(off, true);
  }

  async u64(): Promise<bigint> {
    const off = await this.ensure(8);
    this.pos += 8;
    return this.view.getBigUint64(off, true);
  }

  /** A signed or unsigned little-endian integer of 1, 2, 4 or 8 bytes. */
  async int(size: 1 | 2 | 4 | 8, signed: boolean): Promise<bigint> {
    const off = await this.ensure(size);
    this.pos += size;
    const v = this.view;
    if (size === 1) return BigInt(signed ? v.getInt8(off) : v.getUint8(off));
    if (size === 2) return BigInt(signed ? v.getInt16(off, true) : v.getUint16(off, true));
    if (size === 4) return BigInt(signed ? v.getInt32(off, true) : v.getUint32(off, true));
    return signed ? v.getBigInt64(off, true) : v.getBigUint64(off, true);
  }

  /** That every byte before the cursor is in the file: the last value may have been skipped past its end. */
  async confirm(): Promise<void> {
    if (this.pos <= this.at + this.buf.length) return; // read, not skipped
    this.check(this.pos);
    const last = this.pos - 1;
    if ((await this.read(last, last)).length === 0) throw new GgufHeaderError(`truncated or corrupt: ${this.lie()}, past the file's end (before byte ${last})`);
  }

  /** Fails if the bytes up to `to` cannot be in a header: past the file's known end, or past maxBytes. */
  private check(to: number): void {
    if (this.eof !== null && to > this.eof) throw this.pastEnd(to);
    if (to > this.maxBytes) {
      const what = this.skipped?.to === to ? this.lie() : `${this.context} runs past byte ${this.maxBytes}`;
      throw new GgufHeaderError(`too large: ${what}, past the ${this.maxBytes / 2 ** 20} MiB a GGUF header may span (real ones are ~10 MB at most)`);
    }
  }

  private lie(): string {
    const s = this.skipped!;
    return `${s.context} at byte ${s.from} is ${s.claimed} bytes long`;
  }

  private pastEnd(to: number): GgufHeaderError {
    const s = this.skipped;
    if (s !== null && (s.to === to || s.to === this.pos) && s.to > this.eof!) {
      return new GgufHeaderError(`truncated or corrupt: ${this.lie()}, past the file's end at byte ${this.eof}`);
    }
    return new GgufHeaderError(`truncated or corrupt: the file ends at byte ${this.eof}, inside ${this.context} (bytes ${this.pos}-${to - 1})`);
  }

  /** Makes bytes [pos, pos+n) present in buf; their offset in buf. */
  private async ensure(n: number): Promise<number> {
    const off = this.pos - this.at;
    if (off >= 0 && off + n <= this.buf.length) return off;
    this.check(this.pos + n);
    const kept = off >= 0 && off < this.buf.length ? this.buf.subarray(off) : new Uint8Array(0);
    const from = this.pos + kept.length;
    const end = Math.min(from + Math.max(CHUNK, n - kept.length), this.maxBytes); // exclusive
    const got = await this.read(from, end - 1);
    if (got.length < end - from) this.eof = from + got.length;
    let buf = got;
    if (kept.length > 0) {
      buf = new Uint8Array(kept.length + got.length);
      buf.set(kept);
      buf.set(got, kept.length);
    }
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.at = this.pos;
    if (buf.length < n) throw this.pastEnd(this.pos + n);
    return 0;
  }
}
