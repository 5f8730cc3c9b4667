import pg from 'pg';

/**
 * A pg client that runs the queries it is given one after another itself. A request's queries
 * all go through its transaction's one client, and those a service starts together
 * (Promise.all) would otherwise pile up in pg's own queue: pg 8 warns about that ("Calling
 * client.query() when the client is already executing a query") and pg 9 refuses it. The
 * callback and submittable (cursor, stream) forms keep pg's own handling.
 */
export class SerialClient extends pg.Client {
  #tail: Promise<unknown> = Promise.resolve();

  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg's query
  override query(...args: any[]): any {
    const submittable = typeof args[0]?.submit === 'function';
    if (submittable || typeof args.at(-1) === 'function')
      return Reflect.apply(super.query, this, args);
    const run = this.#tail.then(() => Reflect.apply(super.query, this, args));
    this.#tail = run.catch(() => undefined);
    return run;
  }
}
