import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  UseGuards,
  type CanActivate,
  type INestApplication,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { HwaddrParamDto, LoginDto, TokenResponseDto } from '@app/api-dto';
import { ApiError } from './api-errors.decorator';
import { ApiJsonBody, ApiNoBody } from './api-input.decorator';
import { ApiSessionToken } from './api-token.decorator';
import { controllerRoutes, openApiProblems } from './openapi-coverage.util';
import { SESSION_TOKEN } from './openapi.constants';
import { createOpenApiDocument } from './openapi.setup';

class ProbeGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

@ApiSessionToken()
@Controller('documented')
@UseGuards(ProbeGuard)
class DocumentedController {
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'A documented call with a body' })
  @ApiJsonBody(LoginDto)
  @ApiOkResponse({ description: 'A token', type: TokenResponseDto })
  login(@Body() body: LoginDto): object {
    return body;
  }

  @Get(':hwaddr')
  @ApiOperation({ summary: 'A documented call with a path parameter' })
  @ApiNoBody()
  @ApiOkResponse({ description: 'A token', type: TokenResponseDto })
  @ApiError(404, 'Not there')
  show(@Param() params: HwaddrParamDto): object {
    return params;
  }

  @Get(':hwaddr/file')
  @ApiOperation({ summary: 'A documented call answering a file' })
  @ApiNoBody()
  @ApiOkResponse({ description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } })
  file(@Param() params: HwaddrParamDto): string {
    return params.hwaddr;
  }
}

/** What a route added without documentation looks like. */
@Controller('bare')
@UseGuards(ProbeGuard)
class BareController {
  @Post(':hwaddr')
  save(@Param() params: HwaddrParamDto, @Body() body: LoginDto): object {
    return { ...params, ...body };
  }
}

async function problemsOf(...controllers: Array<new (...args: never[]) => unknown>): Promise<string[]> {
  const moduleRef = await Test.createTestingModule({ controllers, providers: [ProbeGuard] }).compile();
  const app: INestApplication = moduleRef.createNestApplication({ logger: false });
  app.setGlobalPrefix('api');
  try {
    const document = createOpenApiDocument(app);
    const securityOf = (guard: unknown) => (guard === ProbeGuard ? SESSION_TOKEN : undefined);
    return openApiProblems(document, controllerRoutes(app), { prefix: 'api', securityOf });
  } finally {
    await app.close();
  }
}

describe('openApiProblems', () => {
  it('finds nothing to say about documented routes', async () => {
    await expect(problemsOf(DocumentedController)).resolves.toEqual([]);
  });

  it('names everything an undocumented route lacks', async () => {
    const problems = await problemsOf(DocumentedController, BareController);

    const route = 'POST /bare/{hwaddr} (BareController.save)';
    expect(problems).toEqual([
      `${route} has no summary (@ApiOperation)`,
      `${route} needs the session token but does not document it`,
      `${route} does not document the body of its success answer 201`,
      `${route} documents no error answer`,
      `${route} needs a token but does not document 401`,
    ]);
  });

  it('reports a route that is missing from the description altogether', async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [DocumentedController] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    const document = createOpenApiDocument(app);
    delete document.paths['/documented/{hwaddr}'];

    const problems = openApiProblems(document, controllerRoutes(app), {
      prefix: '',
      securityOf: () => undefined,
    });
    await app.close();

    expect(problems).toEqual([
      'POST /documented/login (DocumentedController.login) needs no token but documents session',
      'GET /documented/{hwaddr} (DocumentedController.show) is not in the description' +
        ' (looked for get /documented/{hwaddr})',
      'GET /documented/{hwaddr}/file (DocumentedController.file) needs no token but documents session',
    ]);
  });
});
