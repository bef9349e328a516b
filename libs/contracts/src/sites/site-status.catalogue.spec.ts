import { isAuthorised, isWaiting, siteStatusText, toSiteStatus } from './site-status.catalogue';
import { siteLabel } from './site-label.util';

describe('site status', () => {
  it('treats only AUTHED as authorised and anything unknown as unauthorised', () => {
    expect(isAuthorised('AUTHED')).toBe(true);
    expect(isAuthorised('WAITING')).toBe(false);
    expect(isAuthorised('REJECTED')).toBe(false);
    expect(isAuthorised(undefined)).toBe(false);
    expect(isWaiting('WAITING')).toBe(true);
    expect(toSiteStatus('BAD_KEY')).toBe('UNAUTHORISED');
    expect(toSiteStatus('WAITING')).toBe('WAITING');
  });

  it('shows the spec texts, with the admin key when unauthorised', () => {
    expect(siteStatusText('AUTHED', '1234')).toBe('Authorised');
    expect(siteStatusText('WAITING')).toBe(
      'Enable panel connection from Network > Cloud or trigger an event on the panel to verify this connection',
    );
    expect(siteStatusText('UNAUTHORISED', '1234')).toBe('Unauthorised: Click to re-enter key. 1234');
    expect(siteStatusText('anything')).toBe('Unauthorised: Click to re-enter key.');
  });
});

describe('siteLabel', () => {
  it('uses the name, or the colon form of the MAC', () => {
    expect(siteLabel('Warehouse', '0011aabbccdd')).toBe('Warehouse');
    expect(siteLabel('', '0011aabbccdd')).toBe('00:11:AA:BB:CC:DD');
    expect(siteLabel(null, '0011aabbccdd')).toBe('00:11:AA:BB:CC:DD');
  });
});
