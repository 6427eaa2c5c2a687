import { AsyncLocalStorage } from 'node:async_hooks';

/** The end of the answer being built in this async context (see `BackgroundWork.whileAnswering`). */
const answering = new AsyncLocalStorage<Promise<void>>();
/** The longest work waits for its answer to end: a client that stops reading must not hold it. */
const ANSWER_WAIT_MS = 5_000;

/**
 * Work started after its answer has gone (a mail sent so that the answer's timing does not depend on
 * the mail server). The app waits for it when it closes, so it never runs on against a closed mailer or
 * database. A failure goes to `onError`; it never rejects anything else.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  /**
   * Runs `next` (the rest of a request's handling) with `answered`, the end of its answer, known to
   * any work it starts: that work waits for it (at most 5 s). The app calls this for every request.
   */
  static whileAnswering(answered: Promise<void>, next: () => void): void {
    answering.run(answered, next);
  }

  /**
   * Starts `work` once the answer being built when it was asked for has been sent (on the event loop's
   * next turn outside a request): on PGlite, which runs in this thread, a write started at once ran
   * before the answer was compressed and sent, and delayed it.
   */
  run(work: () => Promise<unknown>, onError: (err: unknown) => void): void {
    const answered = answering.getStore();
    const task = (async () => {
      try {
        if (answered) await untilAnsweredOrLater(answered);
        else await new Promise((resolve) => setImmediate(resolve));
        await work();
      } catch (err) {
        onError(err);
      }
    })();
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /**
   * Resolves once everything started, including work started while waiting, has finished, or after
   * `maxWaitMs` (a mail server that hangs must not hold a shutdown); true when everything finished.
   */
  async settled(maxWaitMs = 10_000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), maxWaitMs);
      timer.unref();
    });
    const finished = (async () => {
      while (this.running.size > 0) await Promise.all([...this.running]);
      return true as const;
    })();
    try {
      return await Promise.race([finished, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function untilAnsweredOrLater(answered: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const later = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ANSWER_WAIT_MS);
    timer.unref();
  });
  return Promise.race([answered, later]).finally(() => clearTimeout(timer));
}
