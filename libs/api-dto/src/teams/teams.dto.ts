import {
  COMPANY_ROLES,
  SITE_SHARE_ROLES,
  type AcceptInvitationRequest,
  type AddCompanySiteRequest,
  type ChangeMemberRoleRequest,
  type CompanyRole,
  type CreateCompanyRequest,
  type InviteToCompanyRequest,
  type InviteToSiteRequest,
  type SiteShareRole,
  type UpdateCompanyRequest,
} from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { boolean, email, type FieldCheck, oneOf, requiredText, uuid } from '../validation/field-checks.util';
import { OptionalRule, Rule } from '../validation/field-rule.decorator';
import { HwaddrField } from '../validation/hwaddr-field.decorator';

/** A company's name: what its members and invitees read. */
export const COMPANY_NAME_MAX_LENGTH = 100;
/** An invitation link's token: an id and a signature, well under this. */
const INVITATION_TOKEN_MAX_LENGTH = 200;

const bounded = requiredText(COMPANY_NAME_MAX_LENGTH);
const companyName: FieldCheck = (value, field) =>
  bounded(value, field) ?? ((value as string).trim() === '' ? `${field} must not be blank` : null);

const NAME_PROPERTY = { type: String, minLength: 1, maxLength: COMPANY_NAME_MAX_LENGTH, example: 'Northside Fire Ltd' };

/** POST /v2/companies */
export class CreateCompanyDto implements CreateCompanyRequest {
  @ApiProperty(NAME_PROPERTY)
  @Rule(companyName)
  name!: string;
}

/** PATCH /v2/companies/{id} */
export class UpdateCompanyDto implements UpdateCompanyRequest {
  @ApiPropertyOptional(NAME_PROPERTY)
  @OptionalRule(companyName)
  name?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'Members must use two-factor sign-in to reach its sites' })
  @OptionalRule(boolean)
  requireTwoFactor?: boolean;
}

/** POST /v2/companies/{id}/invitations */
export class InviteToCompanyDto implements InviteToCompanyRequest {
  @ApiProperty({ type: String, format: 'email' })
  @Rule(email)
  email!: string;

  @ApiProperty({ type: String, enum: COMPANY_ROLES })
  @Rule(oneOf(COMPANY_ROLES))
  role!: CompanyRole;
}

/** PATCH /v2/companies/{id}/members/{userId} */
export class ChangeMemberRoleDto implements ChangeMemberRoleRequest {
  @ApiProperty({ type: String, enum: COMPANY_ROLES })
  @Rule(oneOf(COMPANY_ROLES))
  role!: CompanyRole;
}

/** POST /v2/companies/{id}/sites */
export class AddCompanySiteDto implements AddCompanySiteRequest {
  @ApiProperty({ type: String, description: 'The hardware address of a site whose panel key the member holds' })
  @HwaddrField()
  hwaddr!: string;
}

/** POST /v2/sites/{hwaddr}/invitations */
export class InviteToSiteDto implements InviteToSiteRequest {
  @ApiProperty({ type: String, format: 'email' })
  @Rule(email)
  email!: string;

  @ApiProperty({ type: String, enum: SITE_SHARE_ROLES })
  @Rule(oneOf(SITE_SHARE_ROLES))
  role!: SiteShareRole;
}

/** POST /v2/invitations/accept */
export class AcceptInvitationDto implements AcceptInvitationRequest {
  @ApiProperty({ type: String, minLength: 1, maxLength: INVITATION_TOKEN_MAX_LENGTH })
  @Rule(requiredText(INVITATION_TOKEN_MAX_LENGTH))
  token!: string;
}

/** Routes under /v2/companies/{id}. */
export class CompanyParamDto {
  @ApiProperty({ type: String, format: 'uuid' })
  @Rule(uuid)
  id!: string;
}

/** /v2/companies/{id}/members/{userId} */
export class CompanyMemberParamDto extends CompanyParamDto {
  @ApiProperty({ type: String, format: 'uuid' })
  @Rule(uuid)
  userId!: string;
}

/** /v2/companies/{id}/invitations/{invitationId} */
export class CompanyInvitationParamDto extends CompanyParamDto {
  @ApiProperty({ type: String, format: 'uuid' })
  @Rule(uuid)
  invitationId!: string;
}

/** /v2/companies/{id}/sites/{hwaddr} */
export class CompanySiteParamDto extends CompanyParamDto {
  @ApiProperty({ type: String })
  @HwaddrField()
  hwaddr!: string;
}

/** /v2/sites/{hwaddr}/invitations/{invitationId} */
export class SiteInvitationParamDto {
  @ApiProperty({ type: String })
  @HwaddrField()
  hwaddr!: string;

  @ApiProperty({ type: String, format: 'uuid' })
  @Rule(uuid)
  invitationId!: string;
}

/** /v2/sites/{hwaddr}/people/{userId} */
export class SitePersonParamDto {
  @ApiProperty({ type: String })
  @HwaddrField()
  hwaddr!: string;

  @ApiProperty({ type: String, format: 'uuid' })
  @Rule(uuid)
  userId!: string;
}

/** /v2/invitations/{token} */
export class InvitationTokenParamDto {
  @ApiProperty({ type: String, maxLength: INVITATION_TOKEN_MAX_LENGTH })
  @Rule(requiredText(INVITATION_TOKEN_MAX_LENGTH))
  token!: string;
}
