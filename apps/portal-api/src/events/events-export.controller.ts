import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { EventsExportQueryDto, HwaddrParamDto } from '@app/api-dto';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { ClaimsGuard } from '../panel-access/claims.guard';
import { CurrentClaims } from '../auth/current-identity.decorator';
import { ApiError, ApiErrors } from '../openapi/api-errors.decorator';
import { ApiNoBody } from '../openapi/api-input.decorator';
import { ApiClaimsToken } from '../openapi/api-token.decorator';
import { EVENTS_EXPORT_COLUMNS, EVENTS_EXPORTS_PER_USER } from './events-export.constants';
import { EventsExportService } from './events-export.service';

/**
 * GET /v2/sites/{hwaddr}/events/export?start=&end=&networkId=&category=: every event the events list
 * would page through, as a CSV download streamed while it is read.
 */
@ApiTags('sites')
@ApiClaimsToken()
@Controller('v2/sites/:hwaddr/events/export')
@UseGuards(ClaimsGuard)
export class EventsExportController {
  constructor(private readonly exports: EventsExportService) {}

  @Get()
  @ApiOperation({
    summary: "The site's events as a CSV file",
    description:
      'The events of GET /v2/sites/{hwaddr}/events with the same query (range, network, category) and its ' +
      'default range, all of them rather than a page, newest first. UTF-8 with a byte order mark, CRLF line ' +
      `ends, a header row (${EVENTS_EXPORT_COLUMNS.join(', ')}), dates as DD/MM/YYYY HH:mm:ss in UTC; a text ` +
      "starting with =, +, -, @, a tab or a carriage return is prefixed with ' so that no spreadsheet runs it " +
      'as a formula. Streamed as it is read: a download cut short (no final chunk) is a failed export. At most ' +
      `${EVENTS_EXPORTS_PER_USER} exports per user at a time.`,
  })
  @ApiNoBody()
  @ApiOkResponse({
    description:
      'The CSV file, named events-<site nickname or MAC>[-panel-<networkId>][-<category>]-<from>-<to>.csv ' +
      '(the panel and the category when they were asked for)',
    content: { 'text/csv': { schema: { type: 'string' } } },
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="events-<site>[-panel-<n>][-<category>]-<YYYY-MM-DD>-<YYYY-MM-DD>.csv"',
        schema: { type: 'string' },
      },
    },
  })
  @ApiErrors(403)
  @ApiError(429, `The user already has ${EVENTS_EXPORTS_PER_USER} exports running: wait the Retry-After seconds`)
  async export(
    @CurrentClaims() claims: ClaimsIdentity,
    @Param() params: HwaddrParamDto,
    @Query() query: EventsExportQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    // Refusals come before the first byte, answered { err } by the exception filter.
    const csv = await this.exports.open(claims, params.hwaddr, query);
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${csv.fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    await csv.writeTo(response);
  }
}
