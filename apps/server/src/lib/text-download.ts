import { Readable } from 'node:stream';

/** The last line of a text download whose source failed after the headers went out. */
export const DOWNLOAD_FAILED_LINE =
  '\nERROR: the export failed on the server before its end; this file is incomplete\n';

/**
 * A streamed text download of `chunks`, started only once the first chunk is ready: a failure
 * before anything is sent is an ordinary error reply. A failure after that ends the body with
 * DOWNLOAD_FAILED_LINE and then cuts the connection before the last chunk, so the client sees
 * an incomplete transfer (curl: exit 18, "transfer closed with outstanding read data
 * remaining"; a browser: a failed download) instead of a short file that looks whole.
 */
export async function textDownload(chunks: AsyncIterable<string>): Promise<Readable> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* body(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        yield next.value;
      }
    } catch (error) {
      yield DOWNLOAD_FAILED_LINE;
      // Fastify logs it and destroys the response: no terminating chunk is sent.
      throw error;
    } finally {
      await iterator.return?.();
    }
  }
  return Readable.from(body());
}
