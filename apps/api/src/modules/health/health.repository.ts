import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The only database code of the health checks. */
export class HealthRepository {
  constructor(private readonly db: Database) {}

  /** One round trip to the database. */
  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  /** How many migrations drizzle has recorded as applied. */
  async appliedMigrations(): Promise<number> {
    const result = (await this.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return Number(result.rows[0]?.n ?? 0);
  }
}
