import { ACCESS_ACTIVITY_KINDS, type AccessActivity } from '@app/contracts';
import { accessActivityText } from './access-activity-text.util';
import { accessLineText, howText } from './site-access-messages.constants';

const entry = (changes: Partial<AccessActivity>): AccessActivity => ({
  at: '2026-05-02T08:15:00.000Z',
  kind: 'invitation-sent',
  actor: 'Ann Holder',
  subject: '',
  detail: '',
  address: '',
  ...changes,
});

describe("'Who has access' texts", () => {
  it('names how each person reaches the site', () => {
    expect([howText('key', null), howText('company', 'Acme Fire Ltd'), howText('invitation', null)]).toEqual([
      'Panel key',
      'Company Acme Fire Ltd',
      'Invitation',
    ]);
  });

  it('tells one who may not share how they reach the site', () => {
    expect(accessLineText('company', 'admin', 'Acme Fire Ltd')).toBe(
      'You reach this site through Acme Fire Ltd as Admin.',
    );
    expect(accessLineText('invitation', 'technician', null)).toBe('You reach this site by invitation as Technician.');
    expect(accessLineText('key', 'holder', null)).toBe('You reach this site with its panel key as Holder.');
  });

  it('says what each kind of activity was, with whom and which role', () => {
    expect(accessActivityText(entry({ subject: 'erin@example.com', detail: 'technician' }))).toBe(
      'Ann Holder invited erin@example.com as Technician',
    );
    expect(accessActivityText(entry({ kind: 'share-revoked', subject: 'carol@example.org' }))).toBe(
      'Ann Holder revoked the access of carol@example.org',
    );
    expect(accessActivityText(entry({ kind: 'invitation-accepted', actor: 'Erin', detail: 'viewer' }))).toBe(
      'Erin accepted the invitation as Viewer',
    );
    // Every kind has a text of its own, naming who did it.
    const texts = ACCESS_ACTIVITY_KINDS.map((kind) => accessActivityText(entry({ kind, subject: 'x@example.com' })));
    expect(new Set(texts).size).toBe(ACCESS_ACTIVITY_KINDS.length);
    expect(texts.every((text) => text.startsWith('Ann Holder '))).toBe(true);
  });
});
