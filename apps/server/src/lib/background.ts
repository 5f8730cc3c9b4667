import type { Logger } from './logger.ts';

/** Tasks waiting at most; past it a task is dropped with an error in the log. */
const MAX_WAITING = 1000;

/**
 * Work started by a request and done after its answer, one task at a time in the order asked,
 * so that the answer's timing tells nothing of what the work finds (e.g. whether an e-mail has
 * an account). A failure is logged; `drain` waits for what is queued (the app's close does).
 */
export function createBackgroundTasks(log: Logger) {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  return {
    run(name: string, work: () => Promise<unknown>): void {
      if (waiting >= MAX_WAITING) {
        log.error({ task: name }, 'background queue full: task dropped');
        return;
      }
      waiting++;
      tail = tail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => {
          waiting--;
        });
    },
    /** Resolves once every task queued so far is done. */
    async drain(): Promise<void> {
      await tail;
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
