import type { FindOptionsWhere } from 'typeorm';
import type { ClaimEntity } from '../entities/claim.entity';
import type { ClaimStatus } from '../entities/column-values.types';

/**
 * The one rule of access to a panel, for every app: a user sees a site's events, counts and
 * notifications, drives its panel and relays and gets its mails only while their claim on it is
 * AUTHED (the panel proved the claimed admin key). A claim WAITING or UNAUTHORISED opens nothing.
 */
export const ACCESS_GRANTING_CLAIM_STATUS = 'AUTHED' satisfies ClaimStatus;

/**
 * The SQL condition "the claim aliased `alias` grants access", for raw queries and query builders
 * (`WHERE`, `JOIN ... ON`, `CASE WHEN`). A constant: the statement stays one prepared shape.
 */
export function claimGrantsAccess(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`not an SQL alias: ${alias}`);
  return `${alias}.status = '${ACCESS_GRANTING_CLAIM_STATUS}'`;
}

/**
 * The SQL condition "the claim aliased `alias` grants access and control" (docs/access.md, "Teams"):
 * a viewer's claim opens the site but drives nothing, so relays act on a site's alarms only for
 * users who may control it.
 */
export function claimGrantsControl(alias: string): string {
  return `${claimGrantsAccess(alias)} AND ${alias}.role <> 'viewer'`;
}

/** The find condition of the claims that grant access, narrowed by `where` (a user, a site). */
export function accessGrantingClaims(
  where: Omit<FindOptionsWhere<ClaimEntity>, 'status'> = {},
): FindOptionsWhere<ClaimEntity> {
  return { ...where, status: ACCESS_GRANTING_CLAIM_STATUS };
}
