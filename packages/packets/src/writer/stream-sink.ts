const CHUNK_BYTES = 256 * 1024;
const CLOSED = () => new Error('The output stream closed before the capture was written');

/**
 * Gathers small records into 256 KiB writes (one write per packet would cost more than the
 * encoding) and waits for 'drain' when the stream asks to. A buffer handed to the stream is never
 * written to again. Stream errors are kept and thrown at the next call.
 */
export class StreamSink {
  /** The buffer to fill at `used` after reserve(). */
  buf = new Uint8Array(CHUNK_BYTES);
  used = 0;
  private error: Error | null = null;
  private readonly onError = (error: Error) => {
    this.error ??= error;
  };

  constructor(private readonly out: NodeJS.WritableStream) {
    out.on('error', this.onError);
  }

  /** Makes room for n bytes at buf[used]; a promise when the stream must drain first. */
  reserve(n: number): Promise<void> | undefined {
    if (this.error) throw this.error;
    if ((this.out as { destroyed?: boolean }).destroyed) throw CLOSED();
    if (this.used + n <= this.buf.length) return undefined;
    const wait = this.flush();
    this.buf = new Uint8Array(Math.max(n, CHUNK_BYTES));
    return wait;
  }

  /** Copies bytes in, flushing as needed. */
  async append(bytes: Uint8Array): Promise<void> {
    await this.reserve(bytes.length);
    this.buf.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** Writes what is left and resolves once the stream has accepted every byte; does not end it. */
  async close(): Promise<void> {
    const rest = this.buf.subarray(0, this.used);
    this.used = 0;
    await new Promise<void>((resolve, reject) => {
      this.out.write(rest, (error) => (error ? reject(error) : resolve()));
    });
    if (this.error) throw this.error;
  }

  /** Stops listening to the stream's errors: call when done, even after a failure. */
  detach(): void {
    this.out.off('error', this.onError);
  }

  private flush(): Promise<void> | undefined {
    if (this.used === 0) return undefined;
    const ready = this.out.write(this.buf.subarray(0, this.used));
    this.used = 0;
    return ready ? undefined : this.drained();
  }

  private drained(): Promise<void> {
    const out = this.out as NodeJS.WritableStream & { destroyed?: boolean };
    // A stream destroyed before this call (a client that left mid-download) never emits again.
    if (out.destroyed) return Promise.reject(CLOSED());
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        out.off('drain', onDrain);
        out.off('error', onFail);
        out.off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => done();
      const onFail = (error: Error) => done(error);
      const onClose = () => done(CLOSED());
      out.on('drain', onDrain);
      out.on('error', onFail);
      out.on('close', onClose);
    });
  }
}
