import type { PanelEventMessage } from '@app/contracts';
import { MailContent } from './mail-content.service';

const fire: PanelEventMessage = {
  hwaddr: '0011aabbccdd',
  seq: 42,
  networkId: 3,
  category: 'fire',
  title: 'Fire Alarm',
  panelDate: '2026-03-04T05:06:07.000Z',
  location: 'Kitchen <2nd floor>',
  receivedAt: '2026-03-04T05:06:09.000Z',
};

describe('MailContent', () => {
  const content = new MailContent('https://portal.example.com');

  it('says what happened and where in the subject, and everything else in both parts', () => {
    const mail = content.eventAlertMail({
      event: fire,
      recipientName: 'Ann',
      siteName: 'Town Hall',
      panelName: 'Panel 3',
    });
    expect(mail.subject).toBe('FIRE — Town Hall — Panel 3 — Fire Alarm');
    for (const part of [mail.text, mail.html]) {
      // When the portal received it; the panel's clock, 2 s off, is not worth a second time.
      expect(part).toContain('04/03/2026 05:06:09 UTC');
      expect(part).not.toContain("the panel's clock said");
      expect(part).toContain('https://portal.example.com/site/0011aabbccdd/events');
      expect(part).toContain('00:11:AA:BB:CC:DD');
      expect(part).toContain('Town Hall');
    }
    // Where the alarm is acknowledged, after signing in.
    expect(mail.text).toContain('Acknowledge the alarm (after signing in): https://portal.example.com/alarms\n');
    expect(mail.html).toContain('<a href="https://portal.example.com/alarms">Acknowledge the alarm</a>');
    expect(mail.text).toContain('Location: Kitchen <2nd floor>');
    expect(mail.html).toContain('Kitchen &lt;2nd floor&gt;');
    expect(mail.html).not.toContain('<2nd floor>');
  });

  it("tells both times when the panel's clock was off by more than the desync threshold", () => {
    const slowClock = { ...fire, panelDate: '2026-03-04T04:41:09.000Z' };
    const mail = content.eventAlertMail({
      event: slowClock,
      recipientName: 'Ann',
      siteName: 'Town Hall',
      panelName: 'P',
    });
    expect(mail.text).toContain("Time:     04/03/2026 05:06:09 UTC (the panel's clock said 04/03/2026 04:41:09 UTC)");
    expect(mail.html).toMatch(
      /04\/03\/2026 05:06:09 UTC \(the panel(&#39;|&#x27;)s clock said 04\/03\/2026 04:41:09 UTC\)/,
    );
    // A threshold configured wider: one time again.
    const lenient = new MailContent('https://portal.example.com', 3600);
    expect(
      lenient.eventAlertMail({ event: slowClock, recipientName: 'Ann', siteName: 'Town Hall', panelName: 'P' }).text,
    ).not.toContain("the panel's clock said");
  });

  it('hides a location the panel did not give', () => {
    const mail = content.eventAlertMail({
      event: { ...fire, category: 'fault', location: 'N/A' },
      recipientName: 'Ann',
      siteName: 'S',
      panelName: 'P',
    });
    expect(mail.subject).toBe('FAULT — S — P — Fire Alarm');
    expect(mail.text).toContain('Location: Not given');
  });

  it('links the reset mail to the reset page on the public URL', () => {
    const mail = content.passwordResetMail({
      email: 'ann@example.com',
      recipientName: 'Ann',
      resetPath: '/resetpass/abc.def',
      expiresAt: '2026-03-04T06:00:00.000Z',
    });
    expect(mail.text).toContain('https://portal.example.com/resetpass/abc.def');
    expect(mail.html).toContain('href="https://portal.example.com/resetpass/abc.def"');
    expect(mail.text).toContain('04/03/2026 06:00:00 UTC');
  });

  it("names the site and since when in a panel's lost and restored mails", () => {
    const context = {
      hwaddr: '0011aabbccdd',
      lostAt: '2026-03-04T05:06:07.000Z',
      restoredAt: null,
      recipientName: 'Ann',
      siteName: 'Town <Hall>',
    };
    const lost = content.panelOutageMail({ ...context, kind: 'panel-offline' });
    expect(lost.subject).toBe('Town <Hall>: panel communication lost');
    for (const part of [lost.text, lost.html]) {
      expect(part).toContain('since 04/03/2026 05:06:07 UTC');
      expect(part).toContain('00:11:AA:BB:CC:DD');
      expect(part).toContain('https://portal.example.com/site/0011aabbccdd');
      expect(part).toContain('https://portal.example.com/alarms');
    }
    expect(lost.html).toContain('Town &lt;Hall&gt;');

    const back = content.panelOutageMail({ ...context, kind: 'panel-online', restoredAt: '2026-03-04T05:36:00.000Z' });
    expect(back.subject).toBe('Town <Hall>: panel communication restored');
    for (const part of [back.text, back.html]) {
      expect(part).toContain('restored at 04/03/2026 05:36:00 UTC');
      expect(part).toContain('04/03/2026 05:06:07 UTC');
    }
  });
});
