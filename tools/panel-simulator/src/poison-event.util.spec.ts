import { decodePanelMessage, MessageRefusedError } from '@app/panel-protocol';
import { POISON_FIELDS, poisonEvent } from './poison-event.util';

describe('poisonEvent', () => {
  it.each(POISON_FIELDS)('makes an event whose %s the codec refuses', (field) => {
    const body = Buffer.from(JSON.stringify({ type: 'event', seq: 7, ...poisonEvent(1, field) }));
    try {
      decodePanelMessage(body);
      throw new Error('decoded without a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(MessageRefusedError);
      expect((error as MessageRefusedError).refusal).toMatchObject({
        message: 'event',
        seq: 7,
        field: `message.${field}`,
      });
    }
  });
});
