import {
  EVENT_CATEGORY_FILTER_LABELS,
  EVENT_CATEGORY_FILTERS,
  isEventCategory,
  isLocationShown,
} from './event-categories.catalogue';
import { panelEventKey } from './event-key.util';

describe('event categories', () => {
  it('filters all and the five categories, labelled as the spec does', () => {
    expect(EVENT_CATEGORY_FILTERS).toEqual(['all', 'fire', 'fault', 'system', 'service', 'technical']);
    expect(EVENT_CATEGORY_FILTERS.map((filter) => EVENT_CATEGORY_FILTER_LABELS[filter])).toEqual([
      'All',
      'Fire',
      'Fault',
      'System',
      'Service',
      'Technical',
    ]);
    expect(isEventCategory('fire')).toBe(true);
    expect(isEventCategory('all')).toBe(false);
  });

  it('hides the placeholder locations', () => {
    expect(isLocationShown('Ground floor')).toBe(true);
    expect(isLocationShown('No location')).toBe(false);
    expect(isLocationShown('N/A')).toBe(false);
    expect(isLocationShown('')).toBe(false);
  });

  it('keys an event by hardware address and sequence without colons', () => {
    expect(panelEventKey('0011aabbccdd', 42)).toBe('0011aabbccdd-42');
  });
});
