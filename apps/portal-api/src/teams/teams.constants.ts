export const COMPANY_NOT_FOUND = 'Company not found';
export const ONLY_COMPANY_ADMINS = 'Only a company admin can do this';
export const LAST_ADMIN = 'A company needs at least one admin';
export const MEMBER_NOT_FOUND = 'Member not found';
export const ALREADY_MEMBER = 'This person is already a member';
export const SITE_NOT_HELD = 'Add a site whose panel key you hold';
export const SITE_ALREADY_IN_COMPANY = "The site is already the company's";
export const COMPANY_SITE_NOT_FOUND = "The site is not the company's";
export const ONLY_CONTROLLING_MEMBERS = 'Only an admin or a technician of the company can add sites';
export const PERSON_NOT_SHARED = 'This person does not have the site by invitation';
export const ALREADY_HAS_SITE = 'This person already has access to the site';
export const COMPANY_SITE_NOT_REMOVABLE =
  'This site comes with your company: leave the company, or ask its admin to remove the site';
