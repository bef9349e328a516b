import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AddCompanySiteDto,
  ChangeMemberRoleDto,
  CompanyInvitationParamDto,
  CompanyMemberParamDto,
  CompanyParamDto,
  CompanySiteParamDto,
  CreateCompanyDto,
  InviteToCompanyDto,
  UpdateCompanyDto,
} from '@app/api-dto';
import type {
  AccessActivityResponse,
  CompaniesResponse,
  CompanyDetail,
  CompanyMember,
  CompanySite,
  PendingInvitation,
} from '@app/contracts';
import type { SessionIdentity } from '../auth/authenticated-request.types';
import { CurrentSession } from '../auth/current-identity.decorator';
import { SessionGuard } from '../auth/session.guard';
import { clientAddress } from '../auth/sessions/sign-in-place.util';
import { ApiError } from '../openapi/api-errors.decorator';
import { ApiEmptyOk, ApiJsonBody, ApiNoBody } from '../openapi/api-input.decorator';
import { ApiSessionToken } from '../openapi/api-token.decorator';
import { ApiJsonOk } from './api-json-ok.decorator';
import { type Actor, CompaniesService } from './companies.service';
import { INVITATIONS_UNAVAILABLE, TOO_MANY_INVITATIONS } from './invitations.service';
import {
  ALREADY_MEMBER,
  COMPANY_NOT_FOUND,
  LAST_ADMIN,
  ONLY_COMPANY_ADMINS,
  SITE_ALREADY_IN_COMPANY,
  SITE_NOT_HELD,
} from './teams.constants';

/** /v2/companies: installer companies, their members, roles, invitations and sites (docs/access.md, "Teams"). */
@ApiTags('companies')
@ApiSessionToken()
@Controller('v2/companies')
@UseGuards(SessionGuard)
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @ApiOperation({ summary: "The user's companies, with their role in each" })
  @ApiNoBody()
  @ApiJsonOk('The companies', 'CompaniesResponse')
  async list(@CurrentSession() session: SessionIdentity): Promise<CompaniesResponse> {
    return { companies: await this.companies.list(session.userId) };
  }

  @Post()
  @ApiOperation({ summary: 'Create a company', description: 'The user becomes its first admin.' })
  @ApiJsonBody(CreateCompanyDto)
  @ApiJsonOk('The company', 'CompanyDetail', 201)
  create(
    @CurrentSession() session: SessionIdentity,
    @Body() body: CreateCompanyDto,
    @Req() request: Request,
  ): Promise<CompanyDetail> {
    return this.companies.create(actor(session, request), body.name);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A company: members, sites and (to admins) open invitations' })
  @ApiNoBody()
  @ApiJsonOk('The company', 'CompanyDetail')
  @ApiError(404, COMPANY_NOT_FOUND)
  detail(@CurrentSession() session: SessionIdentity, @Param() params: CompanyParamDto): Promise<CompanyDetail> {
    return this.companies.detail(session.userId, params.id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename a company, or require two-factor sign-in of its members (admin)' })
  @ApiJsonBody(UpdateCompanyDto)
  @ApiJsonOk('The company', 'CompanyDetail')
  @ApiError(403, ONLY_COMPANY_ADMINS)
  @ApiError(404, COMPANY_NOT_FOUND)
  update(
    @CurrentSession() session: SessionIdentity,
    @Param() params: CompanyParamDto,
    @Body() body: UpdateCompanyDto,
    @Req() request: Request,
  ): Promise<CompanyDetail> {
    return this.companies.update(actor(session, request), params.id, body);
  }

  @Get(':id/activity')
  @ApiOperation({ summary: "Who did what to the company's access, newest first (admin)" })
  @ApiNoBody()
  @ApiJsonOk('The activity', 'AccessActivityResponse')
  @ApiError(403, ONLY_COMPANY_ADMINS)
  @ApiError(404, COMPANY_NOT_FOUND)
  async activity(
    @CurrentSession() session: SessionIdentity,
    @Param() params: CompanyParamDto,
    @Req() request: Request,
  ): Promise<AccessActivityResponse> {
    return { activity: await this.companies.activityOf(actor(session, request), params.id) };
  }

  @Post(':id/invitations')
  @ApiOperation({ summary: 'Invite a person by e-mail (admin)', description: 'A signed link, single use, for 7 days.' })
  @ApiJsonBody(InviteToCompanyDto)
  @ApiJsonOk('The invitation sent', 'PendingInvitation', 201)
  @ApiError(403, ONLY_COMPANY_ADMINS)
  @ApiError(404, COMPANY_NOT_FOUND)
  @ApiError(409, ALREADY_MEMBER)
  @ApiError(429, TOO_MANY_INVITATIONS)
  @ApiError(503, INVITATIONS_UNAVAILABLE)
  invite(
    @CurrentSession() session: SessionIdentity,
    @Param() params: CompanyParamDto,
    @Body() body: InviteToCompanyDto,
    @Req() request: Request,
  ): Promise<PendingInvitation> {
    return this.companies.invite(actor(session, request), params.id, body.email, body.role);
  }

  @Post(':id/invitations/:invitationId/revoke')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Withdraw an invitation not yet accepted (admin)' })
  @ApiNoBody()
  @ApiEmptyOk('Withdrawn')
  @ApiError(403, ONLY_COMPANY_ADMINS)
  @ApiError(404, COMPANY_NOT_FOUND)
  async withdraw(
    @CurrentSession() session: SessionIdentity,
    @Param() params: CompanyInvitationParamDto,
    @Req() request: Request,
  ): Promise<Record<string, never>> {
    await this.companies.withdrawInvitation(actor(session, request), params.id, params.invitationId);
    return {};
  }

  @Patch(':id/members/:userId')
  @ApiOperation({ summary: "Change a member's role (admin)", description: 'It takes effect at once.' })
  @ApiJsonBody(ChangeMemberRoleDto)
  @ApiJsonOk('The member', 'CompanyMember')
  @ApiError(403, ONLY_COMPANY_ADMINS)
  @ApiError(404, COMPANY_NOT_FOUND)
  @ApiError(409, LAST_ADMIN)
  changeRole(
    @CurrentSession() session: SessionIdentity,
    @Param() params: CompanyMemberParamDto,
    @Body() body: ChangeMemberRoleDto,
    @Req() request: Request,
  ): Promise<CompanyMember> {
    return this.companies.changeRole(actor(session, request), params.id, params.userId, body.role);
  }

  @Post(':id/members/:userId/remove')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Remove a member (admin), or leave the company (oneself)',
    description: "The company's sites and their live messages stop reaching them at once.",
  })
  @ApiNoBody()
  @ApiEmptyOk('Removed')
  @ApiError(403, ONLY_COMPANY_ADMINS)
  @ApiError(404, COMPANY_NOT_FOUND)
  @ApiError(409, LAST_ADMIN)
  async remove(
    @CurrentSession() session: SessionIdentity,
    @Param() params: CompanyMemberParamDto,
    @Req() request: Request,
  ): Promise<Record<string, never>> {
    await this.companies.removeMember(actor(session, request), params.id, params.userId);
    return {};
  }

  @Post(':id/sites')
  @ApiOperation({ summary: 'Add a site whose panel key the member holds (admin, technician)' })
  @ApiJsonBody(AddCompanySiteDto)
  @ApiJsonOk('The site added', 'CompanySite', 201)
  @ApiError(403, SITE_NOT_HELD)
  @ApiError(404, COMPANY_NOT_FOUND)
  @ApiError(409, SITE_ALREADY_IN_COMPANY)
  addSite(
    @CurrentSession() session: SessionIdentity,
    @Param() params: CompanyParamDto,
    @Body() body: AddCompanySiteDto,
    @Req() request: Request,
  ): Promise<CompanySite> {
    return this.companies.addSite(actor(session, request), params.id, body.hwaddr);
  }

  @Post(':id/sites/:hwaddr/remove')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Remove a site from the company (admin)', description: 'Members reach it no more.' })
  @ApiNoBody()
  @ApiEmptyOk('Removed')
  @ApiError(403, ONLY_COMPANY_ADMINS)
  @ApiError(404, COMPANY_NOT_FOUND)
  async removeSite(
    @CurrentSession() session: SessionIdentity,
    @Param() params: CompanySiteParamDto,
    @Req() request: Request,
  ): Promise<Record<string, never>> {
    await this.companies.removeSite(actor(session, request), params.id, params.hwaddr);
    return {};
  }
}

function actor(session: SessionIdentity, request: Request): Actor {
  return { userId: session.userId, address: clientAddress(request) };
}
