import { WEBHOOK_URL_MAX_LENGTH } from '@app/contracts';
import { webhookUrlProblem } from './webhook-url.util';

describe('webhookUrlProblem', () => {
  it('accepts an https:// address, spaces around it left out', () => {
    expect(webhookUrlProblem('  https://receiver.example.com/alarms?site=depot ')).toBeNull();
    expect(webhookUrlProblem('HTTPS://receiver.example.com')).toBeNull();
  });

  it.each([
    ['', "Enter the receiver's https:// address."],
    ['http://receiver.example.com', 'The address must start with https://.'],
    ['receiver.example.com', 'The address must start with https://.'],
    ['https://', 'This is not a valid address.'],
    ['https://ann:secret@receiver.example.com', 'The address cannot hold a user name or password.'],
    ['https://receiver.example.com/#top', 'The address cannot end with a #fragment.'],
  ])('refuses %j: %s', (url, reason) => {
    expect(webhookUrlProblem(url)).toBe(reason);
  });

  it('refuses an address longer than the server keeps', () => {
    const base = 'https://receiver.example.com/';
    expect(webhookUrlProblem(base + 'a'.repeat(WEBHOOK_URL_MAX_LENGTH - base.length))).toBeNull();
    expect(webhookUrlProblem(base + 'a'.repeat(WEBHOOK_URL_MAX_LENGTH - base.length + 1))).toBe(
      `The address is longer than ${WEBHOOK_URL_MAX_LENGTH} characters.`,
    );
  });
});
