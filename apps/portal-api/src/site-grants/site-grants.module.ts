import { Module } from '@nestjs/common';
import { AccessChanges } from './access-changes.service';
import { SiteGrantsRepository } from './site-grants.repository';

/**
 * The claims granted through companies and invitations, kept in step with what grants them, and the
 * notice of a change of access to the live feed (docs/access.md, "Teams"). Its own module: the
 * companies, the site shares, claims and two-factor sign-in all change what is granted.
 */
@Module({
  providers: [SiteGrantsRepository, AccessChanges],
  exports: [SiteGrantsRepository, AccessChanges],
})
export class SiteGrantsModule {}
