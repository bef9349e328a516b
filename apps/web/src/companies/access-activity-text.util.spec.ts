import type { AccessActivity, AccessActivityKind } from '@app/contracts';
import { accessActivityWhat, accessActivityWhom } from './access-activity-text.util';

const entry = (kind: AccessActivityKind, detail = '', subject = ''): AccessActivity => ({
  at: '2025-05-02T08:15:00.000Z',
  kind,
  actor: 'Erin Engineer',
  subject,
  detail,
  address: '203.0.113.7',
});

describe('accessActivityWhat', () => {
  it.each<[AccessActivityKind, string, string]>([
    ['company-created', '', 'Created the company'],
    ['invitation-sent', 'technician', 'Invited as Technician'],
    ['invitation-sent', '', 'Sent an invitation'],
    ['invitation-revoked', 'viewer', 'Withdrew an invitation'],
    ['invitation-accepted', 'admin', 'Joined as Admin'],
    ['invitation-accepted', '', 'Accepted an invitation'],
    ['role-changed', 'viewer', 'Changed the role to Viewer'],
    ['role-changed', '', 'Changed the role'],
    ['member-removed', '', 'Removed from the company'],
    ['member-left', '', 'Left the company'],
    ['site-added', '00a0b1c2d3e4', 'Added a site'],
    ['site-removed', '00a0b1c2d3e4', 'Removed a site'],
    ['share-revoked', '00a0b1c2d3e4', 'Revoked access to a site'],
    ['two-factor-required', '', 'Required two-factor sign-in'],
    ['two-factor-not-required', '', 'Stopped requiring two-factor sign-in'],
    ['two-factor-on', '', 'Turned two-factor sign-in on'],
    ['two-factor-off', '', 'Turned two-factor sign-in off'],
    ['session-ended', '', 'Signed out a browser'],
    ['other-sessions-ended', '1', 'Signed out 1 other browser'],
    ['other-sessions-ended', '3', 'Signed out 3 other browsers'],
  ])('%s (%s): %s', (kind, detail, text) => {
    expect(accessActivityWhat(entry(kind, detail))).toBe(text);
  });
});

describe('accessActivityWhom', () => {
  it('names a person as the API does', () => {
    expect(accessActivityWhom(entry('invitation-sent', 'viewer', 'tom@example.com'))).toBe('tom@example.com');
    expect(accessActivityWhom(entry('company-created'))).toBe('');
  });

  it('names a site by its name, or by its MAC address in colon form without one', () => {
    expect(accessActivityWhom(entry('site-added', '00a0b1c2d3e4', 'Depot'))).toBe('Depot');
    expect(accessActivityWhom(entry('site-removed', '00a0b1c2d3e4'))).toBe('00:A0:B1:C2:D3:E4');
  });
});
