import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientConfigResponseDto } from '@app/api-dto';
import type { ClientConfigResponse } from '@app/contracts';
import { AuthConfig } from '../auth/auth.config';
import { ApiNoBody } from '../openapi/api-input.decorator';
import { IngestConfig } from '../ingest/ingest.config';
import { SupportContactConfig } from './support-contact.config';

/** GET /api/config: the public part of the configuration (the tokens' issuer, the support contact and provider). */
@ApiTags('config')
@Controller('config')
export class ClientConfigController {
  constructor(
    private readonly authConfig: AuthConfig,
    private readonly support: SupportContactConfig,
    private readonly ingest: IngestConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: "The public configuration: the tokens' issuer, the support contact and provider" })
  @ApiNoBody()
  @ApiOkResponse({ description: 'The public configuration', type: ClientConfigResponseDto })
  clientConfig(): ClientConfigResponse {
    const { supportPhone, supportEmail, supportAddress, providerName } = this.support;
    return {
      issuer: this.authConfig.issuer,
      supportPhone,
      supportEmail,
      supportAddress,
      providerName,
      timeDesyncThresholdSeconds: this.ingest.timeDesyncThresholdSeconds,
    };
  }
}
