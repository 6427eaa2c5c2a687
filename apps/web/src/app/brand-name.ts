import { DEFAULT_PRODUCT_NAME } from '@holeout/golf';
import { useSession } from '../lib/session/use-session.ts';

/** The name the header and the menu show: the organisation's when its branding applies, else the product's. */
export function useBrandName(): string {
  return useSession((s) => s.branding?.name) ?? DEFAULT_PRODUCT_NAME;
}
