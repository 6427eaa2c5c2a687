/** The longest work waits for the answers being built: a steady load, or a client that stops reading, must not hold it. */
const ANSWERS_WAIT_MS = 2_000;

/**
 * Work started after its answer has gone (a mail sent so that the answer's timing does not depend on
 * the mail server). The app waits for it when it closes, so it never runs on against a closed mailer or
 * database. A failure goes to `onError`; it never rejects anything else.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  /** Answers being built or sent now (`answerStarted`). */
  private answering = 0;
  /** Work waiting for no answer to be in progress. */
  private waiting: Array<() => void> = [];

  /**
   * Counts an answer as in progress until the returned function is called (once it has been sent, or
   * its client has gone); the app does this for every request. Work waits for no answer to be in
   * progress before it starts (see `run`).
   */
  answerStarted(): () => void {
    this.answering += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.answering -= 1;
      if (this.answering > 0) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const start of waiting) start();
    };
  }

  /**
   * Starts `work` once no answer is being built or sent in this process (the one that asked for it
   * included), and at most 2 s later under a steady load; on the event loop's next turn at the
   * earliest. On PGlite, which runs in this thread, a write started at once ran before the answer
   * was compressed and sent, and delayed it. (A counter rather than following each request's async
   * context: that would cost every promise of every request a hook.)
   */
  run(work: () => Promise<unknown>, onError: (err: unknown) => void): void {
    const task = (async () => {
      try {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.answering > 0) await this.noAnswerInProgress();
        await work();
      } catch (err) {
        onError(err);
      }
    })();
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  private noAnswerInProgress(): Promise<void> {
    return new Promise<void>((resolve) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      // Past the wait, this work stops waiting and leaves the list (a steady load never empties it).
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((waiting) => waiting !== start);
        resolve();
      }, ANSWERS_WAIT_MS);
      timer.unref();
      this.waiting.push(start);
    });
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
