import { natsNames } from './nats-names.util';

describe('natsNames', () => {
  it('puts the category last in an event subject, so that a consumer can take one category', () => {
    const names = natsNames('run1');
    expect(names.subjects.panelEvent('0011aabbccdd', 'fire')).toBe('run1.panel.0011aabbccdd.event.fire');
    expect(names.subjects.panelEventsOf('fault')).toBe('run1.panel.*.event.fault');
    expect(names.subjects.allPanelEvents).toBe('run1.panel.*.event.*');
    expect(names.subjects.livefeedCountsStale).toBe('run1.livefeed.counts.stale');
  });

  it('names one durable consumer per category for the relay-worker and the mailer', () => {
    const names = natsNames();
    expect(names.consumers.relayWorker('fire')).toBe('relay-worker-fire');
    expect(names.consumers.mailer('fault')).toBe('mailer-fault');
    expect(names.subjects.panelEvent('0011aabbccdd', 'system')).toBe('panel.0011aabbccdd.event.system');
  });

  it('refuses a prefix that would break a subject apart', () => {
    expect(() => natsNames('a.b')).toThrow("NATS prefix 'a.b' may hold only letters, digits, '_' and '-'");
  });
});
