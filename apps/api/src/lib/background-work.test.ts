import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background-work.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BackgroundWork', () => {
  it('settles only once every task has finished, those started while waiting included', async () => {
    const work = new BackgroundWork();
    const done: string[] = [];
    work.run(
      async () => {
        await later(20);
        done.push('first');
        work.run(
          async () => {
            await later(20);
            done.push('second');
          },
          () => undefined,
        );
      },
      () => undefined,
    );
    await expect(work.settled()).resolves.toBe(true);
    expect(done).toEqual(['first', 'second']);
  });

  it('hands a failure to onError and still settles', async () => {
    const work = new BackgroundWork();
    const errors: unknown[] = [];
    work.run(
      async () => {
        await later(5);
        throw new Error('mail server down');
      },
      (err) => errors.push(err),
    );
    await work.settled();
    expect(errors).toEqual([new Error('mail server down')]);
  });

  it("starts the work on the next turn of the event loop, not in the caller's", async () => {
    const work = new BackgroundWork();
    let started = false;
    work.run(
      async () => {
        started = true;
      },
      () => undefined,
    );
    await Promise.resolve();
    expect(started).toBe(false);
    await work.settled();
    expect(started).toBe(true);
  });

  it('starts work once no answer is in progress, the one that asked for it included', async () => {
    const work = new BackgroundWork();
    const first = work.answerStarted();
    const second = work.answerStarted();
    let started = false;
    work.run(
      async () => {
        started = true;
      },
      () => undefined,
    );
    await later(10);
    first();
    first();
    await later(10);
    expect(started).toBe(false);
    second();
    await work.settled();
    expect(started).toBe(true);
  });

  it('starts work after 2 s at most while answers keep coming', async () => {
    const work = new BackgroundWork();
    const neverEnds = work.answerStarted();
    let startedAfter = 0;
    const asked = Date.now();
    work.run(
      async () => {
        startedAfter = Date.now() - asked;
      },
      () => undefined,
    );
    await work.settled();
    expect(startedAfter).toBeGreaterThanOrEqual(1_900);
    neverEnds();
  });

  it('settles at once with nothing running', async () => {
    await expect(new BackgroundWork().settled()).resolves.toBe(true);
  });

  it('stops waiting after maxWaitMs for work that hangs', async () => {
    const work = new BackgroundWork();
    work.run(
      () => new Promise(() => undefined),
      () => undefined,
    );
    await expect(work.settled(30)).resolves.toBe(false);
  });
});
