import { Module } from '@nestjs/common';
import { SiteGrantsRepository } from './site-grants.repository';

/**
 * The claims granted through companies and invitations, kept in step with what grants them
 * (docs/access.md, "Teams"). Its own module: the companies, the site shares, claims and two-factor
 * sign-in all change what is granted (the live feed hears of it through CredentialRevocations).
 */
@Module({
  providers: [SiteGrantsRepository],
  exports: [SiteGrantsRepository],
})
export class SiteGrantsModule {}
