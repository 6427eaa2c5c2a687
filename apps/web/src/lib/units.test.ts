import type { EventResponse, RoundBody, Settings } from '@holeout/contracts';
import type { UnitsPair } from '@holeout/golf';
import { describe, expectTypeOf, it } from 'vitest';

// Checked by the type checker (tsc -b): the app reads units from the API's types without a cast.
describe('units in the API types', () => {
  it('are the six units pairs in settings and in a round, sent and answered', () => {
    expectTypeOf<Settings['units']>().toEqualTypeOf<UnitsPair>();
    expectTypeOf<RoundBody['units']>().toEqualTypeOf<UnitsPair>();
    expectTypeOf<NonNullable<EventResponse['round']>['units']>().toEqualTypeOf<UnitsPair>();
  });
});
