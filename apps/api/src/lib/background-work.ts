/**
 * Work started after its answer has gone (a mail sent so that the answer's timing does not depend on
 * the mail server). The app waits for it when it closes, so it never runs on against a closed mailer or
 * database. A failure goes to `onError`; it never rejects anything else.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  run(work: () => Promise<unknown>, onError: (err: unknown) => void): void {
    const task = (async () => {
      try {
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
