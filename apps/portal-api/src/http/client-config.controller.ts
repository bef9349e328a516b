import { Controller, Get } from '@nestjs/common';
import type { ClientConfigResponse } from '@app/contracts';
import { AuthConfig } from '../auth/auth.config';
import { SupportContactConfig } from './support-contact.config';

/** GET /api/config: the public part of the configuration (the tokens' issuer, the support contact and provider). */
@Controller('config')
export class ClientConfigController {
  constructor(
    private readonly authConfig: AuthConfig,
    private readonly support: SupportContactConfig,
  ) {}

  @Get()
  clientConfig(): ClientConfigResponse {
    const { supportPhone, supportEmail, supportAddress, providerName } = this.support;
    return { issuer: this.authConfig.issuer, supportPhone, supportEmail, supportAddress, providerName };
  }
}
