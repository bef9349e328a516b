import type { RelayActionDto } from '@app/contracts';
import { actionDraft, draftSettings, isActionDirty, secondsError } from './relay-action-card.util';

const saved: RelayActionDto = {
  id: 7,
  hwaddr: '0a1b2c3d4e5f',
  on_fire: { relay_1: 5, relay_2: 0, io_1: true, io_2: false, io_3: false, io_4: false },
  on_fault: { relay_1: 0, relay_2: 2, io_1: false, io_2: false, io_3: false, io_4: true },
};

describe('relay action card', () => {
  it('is clean as loaded, dirty after a change, clean again when changed back', () => {
    const draft = actionDraft(saved);
    expect(isActionDirty(draft, saved)).toBe(false);
    const changed = { ...draft, on_fault: { ...draft.on_fault, io_2: true } };
    expect(isActionDirty(changed, saved)).toBe(true);
    expect(isActionDirty({ ...changed, on_fault: { ...changed.on_fault, io_2: false } }, saved)).toBe(false);
  });

  it('counts changed seconds of either relay and either event, but not the same number typed differently', () => {
    const draft = actionDraft(saved);
    expect(isActionDirty({ ...draft, on_fire: { ...draft.on_fire, relay_2: '3' } }, saved)).toBe(true);
    expect(isActionDirty({ ...draft, on_fault: { ...draft.on_fault, relay_1: '1' } }, saved)).toBe(true);
    expect(isActionDirty({ ...draft, on_fire: { ...draft.on_fire, relay_1: ' 5 ' } }, saved)).toBe(false);
    expect(isActionDirty({ ...draft, on_fire: { ...draft.on_fire, relay_2: '' } }, saved)).toBe(true);
  });

  it('requires whole seconds of 0 or more before it can be saved', () => {
    expect(secondsError('0')).toBeNull();
    expect(secondsError('')).toMatch(/Enter the seconds/);
    expect(secondsError('-1')).toMatch(/whole number/);
    expect(secondsError('1.5')).toMatch(/whole number/);
    expect(secondsError('2147483')).toBeNull();
    expect(secondsError('2147484')).toBe('Seconds must be at most 2147483');
    expect(secondsError('99999999999999999999')).toBe('Seconds must be at most 2147483');
    const draft = actionDraft(saved);
    expect(draftSettings({ ...draft, on_fire: { ...draft.on_fire, relay_1: '' } })).toBeNull();
    expect(draftSettings({ ...draft, on_fault: { ...draft.on_fault, relay_2: '2147484' } })).toBeNull();
    expect(draftSettings({ ...draft, on_fire: { ...draft.on_fire, relay_1: '12' } })).toEqual({
      on_fire: { ...saved.on_fire, relay_1: 12 },
      on_fault: saved.on_fault,
    });
  });
});
