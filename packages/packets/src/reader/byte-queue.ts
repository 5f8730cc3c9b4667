const EMPTY = new Uint8Array(0);

/**
 * The bytes received but not yet parsed, as the chunks the source delivered. A record that lies
 * inside one chunk is handed out as a view of it; only a record spanning chunks is copied (once,
 * into a fresh buffer). Chunks are never written to, so views handed out stay valid.
 */
export class ByteQueue {
  /** Absolute file offset of the first unread byte. */
  offset: number;
  /** Unread bytes buffered. */
  available = 0;
  /** After `ensure(n)` returned true: the buffer and index where the next n bytes start. */
  buf: Uint8Array = EMPTY;
  at = 0;
  private chunks: Uint8Array[] = [];
  private head = 0;
  private pos = 0;

  constructor(offset: number) {
    this.offset = offset;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.available += chunk.length;
  }

  /** Makes the next n bytes contiguous at `buf[at]`; false while fewer than n are buffered. */
  ensure(n: number): boolean {
    if (this.available < n) return false;
    let chunk = this.chunks[this.head]!;
    if (chunk.length - this.pos < n) chunk = this.merge(n);
    this.buf = chunk;
    this.at = this.pos;
    return true;
  }

  /** Drops up to n bytes (never more than are buffered); returns how many were dropped. */
  consume(n: number): number {
    const dropped = n < this.available ? n : this.available;
    this.available -= dropped;
    this.offset += dropped;
    let pos = this.pos + dropped;
    const chunks = this.chunks;
    while (this.head < chunks.length && pos >= chunks[this.head]!.length) {
      pos -= chunks[this.head]!.length;
      this.head++;
    }
    this.pos = pos;
    if (this.head === chunks.length) {
      chunks.length = 0;
      this.head = 0;
    } else if (this.head > 64) {
      chunks.splice(0, this.head);
      this.head = 0;
    }
    return dropped;
  }

  /** Copies the next n bytes (spread over several chunks) into one new chunk at the head. */
  private merge(n: number): Uint8Array {
    const out = new Uint8Array(n);
    const chunks = this.chunks;
    let copied = 0;
    let index = this.head;
    let pos = this.pos;
    while (copied < n) {
      const chunk = chunks[index]!;
      const take = Math.min(chunk.length - pos, n - copied);
      out.set(chunk.subarray(pos, pos + take), copied);
      copied += take;
      pos += take;
      if (pos === chunk.length) {
        index++;
        pos = 0;
      }
    }
    if (pos > 0) chunks[index] = chunks[index]!.subarray(pos);
    chunks.splice(this.head, index - this.head, out);
    this.pos = 0;
    return out;
  }
}
