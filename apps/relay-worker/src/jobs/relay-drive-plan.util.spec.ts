import { withTriggerDefaults } from '@app/contracts';
import { drivePlanOf } from './relay-drive-plan.util';

describe('drivePlanOf', () => {
  it('pulses the relays with seconds and switches on the I/O ports set', () => {
    expect(drivePlanOf(withTriggerDefaults({ relay_1: 5, io_2: true, io_4: true }))).toEqual({
      pulses: [{ relay: 1, seconds: 5 }],
      outputs: [
        { io: 2, on: true },
        { io: 4, on: true },
      ],
    });
  });

  it('does nothing for the defaults', () => {
    expect(drivePlanOf(withTriggerDefaults({}))).toEqual({ pulses: [], outputs: [] });
  });
});
