import { drillPermission, hasPremiumAccess, type Permission, type Subscription } from '@holeout/golf';
import type { SubscriptionBody } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Caller } from '../auth/auth.module.ts';
import { canView } from '../../platform/access/access.policy.ts';
import type { DrillRow, DrillsRepository, DrillWrite, LoadedDrill, ResultRow } from './drills.repository.ts';

/** What a plan needs to know of a drill: its id, name, category and how it is scored. */
export type DrillSummary = Pick<DrillRow, 'drill_id' | 'uid' | 'title' | 'category' | 'score_field' | 'higher_is_better'>;

const summaryOf = ({ drill }: LoadedDrill): DrillSummary => ({
  drill_id: drill.drill_id,
  uid: drill.uid,
  title: drill.title,
  category: drill.category,
  score_field: drill.score_field,
  higher_is_better: drill.higher_is_better,
});

/** The message of the 403 a free player gets: what they need and how to get it. */
export const PREMIUM_MESSAGE =
  'Drills, drill folders and drill results need a premium subscription (or a premium seat from your organisation). Subscribe to record your practice.';

/**
 * Who may use which drill, and premium access to practice: what both the drills and the events that
 * place drills need, built from the drills' repository alone, so events can use it without drills
 * depending back on events.
 */
export class DrillLibrary {
  constructor(
    private readonly repository: DrillsRepository,
    /** The caller's subscription as the account answers it (seat-aware). */
    private readonly subscriptionOf: (caller: Caller) => Promise<SubscriptionBody | null>,
  ) {}

  /** Creating drills, folders and results, and placing drills in events, needs premium access: a 403 with its own code otherwise. */
  async requirePremium(caller: Caller): Promise<void> {
    if (!hasPremiumAccess((await this.subscriptionOf(caller)) as Subscription | null))
      throw new ApiError(403, 'PREMIUM_REQUIRED', PREMIUM_MESSAGE);
  }

  /** The caller's permission on a loaded drill: its own shares when it has any, else its folder's (packages/golf drillPermission). */
  permissionOn(caller: Pick<Caller, 'uid'>, orgIds: readonly number[], loaded: LoadedDrill): Permission {
    return drillPermission(caller.uid, orgIds, {
      owner: loaded.drill.uid,
      usershares: loaded.usershares,
      orgshares: loaded.orgshares,
      hidden: loaded.hidden,
      folder: loaded.folder,
    });
  }

  /** Of these drills, those the caller may see. */
  async visibleDrillIds(caller: Caller, drillIds: readonly number[]): Promise<Set<number>> {
    const { orgIds, drills: loaded } = await this.repository.drillView(caller.uid, drillIds);
    return new Set(loaded.filter((l) => canView(this.permissionOn(caller, orgIds, l))).map((l) => l.drill.drill_id));
  }

  /** Every drill a user may see (their library), by title. */
  async libraryOf(uid: number): Promise<DrillSummary[]> {
    const { orgIds, drills } = await this.repository.drillView(uid, null);
    return drills.filter((l) => canView(this.permissionOn({ uid }, orgIds, l))).map(summaryOf);
  }

  /** These drills as they are stored, whoever may see them (the caller decides what to show), in the order given. */
  async summariesOf(viewer: number, drillIds: readonly number[]): Promise<DrillSummary[]> {
    return (await this.repository.drillView(viewer, drillIds)).drills.map(summaryOf);
  }

  /** Adds a drill without shares of its own to `owner`'s library, inside the caller's transaction; answers its id. */
  addDrill(tx: Database, owner: number, write: DrillWrite): Promise<number> {
    return this.repository.insertDrill(tx, owner, write);
  }

  /** A drill's results in the events `viewer` may list, oldest first, optionally of some players and since a time. */
  resultsOf(drillId: number, viewer: number, filter: { uids?: readonly number[]; from?: Date }, limit: number): Promise<ResultRow[]> {
    return this.repository.resultsOfDrill(drillId, viewer, filter, limit);
  }
}
