import { Controller, Get } from '@nestjs/common';
import type { ClientConfigResponse } from '@app/contracts';
import { AuthConfig } from '../auth/auth.config';

/** GET /api/config: the public part of the configuration the web client checks tokens against. */
@Controller('config')
export class ClientConfigController {
  constructor(private readonly authConfig: AuthConfig) {}

  @Get()
  clientConfig(): ClientConfigResponse {
    return { issuer: this.authConfig.issuer };
  }
}
