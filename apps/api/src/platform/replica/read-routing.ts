import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { ReplicaStateRepository, WritePositionsRepository } from './replica.repository.ts';

/** Where one read went: the streaming replica, or the primary because the replica had not replayed the reader's last write (or failed). */
export type ReadTarget = 'replica' | 'primary';

/**
 * Chooses the database a reader's statistics are read from. Without a replica every read is the
 * primary's. With one, each successful write records where the writer's transaction ended in the
 * primary's log (`recordWrite`, before the answer is sent), and a read goes to the replica only when
 * it has replayed that far: a golfer who just saved a round is read from the primary until the
 * replica has it (read-your-own-writes), everyone else from the replica even while it lags. A replica
 * that cannot be asked sends its readers to the primary.
 */
export class ReadRouting {
  private readonly positions: WritePositionsRepository | null;
  private readonly state: ReplicaStateRepository | null;

  constructor(
    primary: Database,
    private readonly replica: Database | null,
    private readonly options: { clock: () => Date; log: FastifyBaseLogger; counted?: (target: ReadTarget) => void },
  ) {
    this.positions = replica ? new WritePositionsRepository(primary) : null;
    this.state = replica ? new ReplicaStateRepository(replica) : null;
  }

  /** The replica, when statistics may be read from one. */
  get replicaDatabase(): Database | null {
    return this.replica;
  }

  /** After a successful write by `uid` (only when a replica is in use). */
  async recordWrite(uid: number): Promise<void> {
    if (!this.positions) return;
    await this.positions.recordWrite(uid, this.options.clock());
  }

  /** Which database `uid`'s read may use: always the primary without a replica. */
  async targetFor(uid: number): Promise<ReadTarget> {
    const target = await this.choose(uid);
    this.options.counted?.(target);
    return target;
  }

  /** A read sent to the replica failed for its connection and is made again on the primary. */
  replicaFailed(err: unknown): void {
    this.options.log.warn({ err }, 'a read on the replica failed; read again from the primary');
    this.options.counted?.('primary');
  }

  private async choose(uid: number): Promise<ReadTarget> {
    if (!this.replica || !this.positions || !this.state) return 'primary';
    const lsn = await this.positions.lastWrite(uid);
    if (lsn === null) return 'replica';
    try {
      return (await this.state.replayedPast(lsn)) ? 'replica' : 'primary';
    } catch (err) {
      this.options.log.warn({ err }, 'the read replica did not answer; reading from the primary');
      return 'primary';
    }
  }
}
