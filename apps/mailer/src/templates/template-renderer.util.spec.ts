import { escapeHtml, fillTemplate, MAIL_TEMPLATES_DIR, MailTemplate } from './template-renderer.util';

describe('mail templates', () => {
  it('escapes values in HTML and leaves them as they are in text', () => {
    const values = { name: `<b>Tom & "Jerry"</b>'s` };
    expect(fillTemplate('Hi {{name}}', values, { html: true })).toBe('Hi &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;&#39;s');
    expect(fillTemplate('Hi {{ name }}', values, { html: false })).toBe(`Hi <b>Tom & "Jerry"</b>'s`);
    expect(escapeHtml('a&b')).toBe('a&amp;b');
  });

  it('refuses a placeholder without a value', () => {
    expect(() => fillTemplate('Hi {{name}}', {}, { html: false })).toThrow("template placeholder 'name' has no value");
  });

  it('reads the subject from the first line and keeps it on one line', () => {
    const template = MailTemplate.parse('t', 'Subject: Alarm at {{site}}\n\nBody {{site}}\n', '<p>{{site}}</p>');
    expect(template.render({ site: 'A\r\nB' })).toEqual({ subject: 'Alarm at A B', text: 'Body A\r\nB\n', html: '<p>A\r\nB</p>' });
    expect(() => MailTemplate.parse('t', 'no subject', '')).toThrow("mail template t.txt must start with a 'Subject: ' line");
  });

  it.each(['event-alert', 'password-reset'])('loads the %s templates from their folder', (name) => {
    const template = MailTemplate.load(MAIL_TEMPLATES_DIR, name);
    expect(template.name).toBe(name);
  });
});
