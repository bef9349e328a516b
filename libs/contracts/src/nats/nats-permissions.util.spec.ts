import { natsNames } from './nats-names.util';
import { natsAllowed, natsInboxPrefix, natsPermissions, natsSubjectMatches } from './nats-permissions.util';

describe('natsPermissions', () => {
  it("gives the mailer its consumers' API, acks and inbox under the deployment's prefix, nothing of the panels", () => {
    const names = natsNames('site1');
    const { publish, subscribe, allowResponses } = natsPermissions('mailer', names);
    expect(natsAllowed(publish, '$JS.API.CONSUMER.MSG.NEXT.site1_PANEL_EVENTS.mailer-fire')).toBe(true);
    expect(
      natsAllowed(publish, '$JS.API.CONSUMER.CREATE.site1_PANEL_EVENTS.push-fault.site1.panel.*.event.fault'),
    ).toBe(true);
    expect(natsAllowed(publish, '$JS.ACK.site1_PANEL_EVENTS.webhooks-fire.1.2.3.4.5')).toBe(true);
    expect(natsAllowed(publish, '$JS.ACK.site1_PANEL_EVENTS.relay-worker-fire.1.2.3.4.5')).toBe(false);
    expect(natsAllowed(publish, '$JS.API.STREAM.CREATE.site1_PANEL_CONFIG')).toBe(false);
    expect(natsAllowed(publish, names.subjects.panelEvent('0011aabbcc00', 'fire'))).toBe(false);
    expect(natsAllowed(publish, '$KV.site1_PANEL_CONNECTIONS.0011aabbcc00')).toBe(false);
    expect(subscribe).toEqual([`${natsInboxPrefix('mailer', names)}.>`]);
    expect(natsInboxPrefix('mailer', names)).toBe('_INBOX.site1.mailer');
    expect(allowResponses).toBe(false);
  });

  it('lets the gateway store events, write its buckets and answer panel commands', () => {
    const names = natsNames('');
    const { publish, subscribe, allowResponses } = natsPermissions('panel-gateway', names);
    expect(natsAllowed(publish, names.subjects.panelEvent('0011aabbcc00', 'fire'))).toBe(true);
    expect(natsAllowed(publish, '$KV.PANEL_CONNECTIONS.0011aabbcc00')).toBe(true);
    expect(natsAllowed(publish, '$JS.API.DIRECT.GET.KV_GATEWAYS.$KV.GATEWAYS.gw1')).toBe(true);
    expect(natsAllowed(subscribe, names.subjects.panelCommand('0011aabbcc00'))).toBe(true);
    expect(natsAllowed(publish, names.subjects.panelCommand('0011aabbcc00'))).toBe(false);
    expect(allowResponses).toBe(true);
  });
});

describe('natsSubjectMatches', () => {
  it.each([
    ['a.*.c', 'a.b.c', true],
    ['a.*.c', 'a.*.c', true],
    ['a.>', 'a.b.c', true],
    ['a.>', 'a', false],
    ['a.b', 'a.b.c', false],
    ['a.b.c', 'a.b', false],
    ['a.x.c', 'a.*.c', false],
  ])('%s matches %s: %s', (pattern, subject, matches) => {
    expect(natsSubjectMatches(pattern, subject)).toBe(matches);
  });
});
