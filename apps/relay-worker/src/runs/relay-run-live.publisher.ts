import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LivefeedPublishedMessageOf, RelayRunChange } from '@app/contracts';
import { RelayActionRunEntity, toRelayActionRunDto, type RelayEntity } from '@app/database';
import { LivePublisher } from '@app/messaging';

/**
 * Tells a relay's owner, on their live subject, that one of its runs changed (RelayRun), so that an
 * open relay screen shows it without asking. Called after each change is stored: the run is sent as
 * a row stands, with the change that state is (derived from the row, not from the caller), so that
 * a message never claims less than it shows. Core NATS: at most once; a browser that may have
 * missed one asks for the runs again (gap, reconnect).
 */
@Injectable()
export class RelayRunLivePublisher {
  private readonly logger = new Logger(RelayRunLivePublisher.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly live: LivePublisher,
  ) {}

  /**
   * The run read again as it stands. Never throws: the change is stored whatever happens here, and
   * the owner sees it on the next fetch.
   */
  async changed(runId: number): Promise<void> {
    try {
      const run = await this.dataSource
        .getRepository(RelayActionRunEntity)
        .findOne({ where: { id: runId }, relations: { relayAction: { relay: true } } });
      const relay = run?.relayAction?.relay;
      // Deleted with its action or relay since: no screen shows it any more.
      if (!run || !relay) return;
      this.tell(run, relay);
    } catch (error) {
      this.logger.warn({ runId, err: error }, 'live notice of a relay run not sent');
    }
  }

  /**
   * The run as the statement that changed it returned it: nothing read again, so a board about to
   * be driven waits for no query and no entity built. Never throws.
   */
  written(run: RelayActionRunEntity, relay: Pick<RelayEntity, 'id' | 'userId'>): void {
    try {
      this.tell(run, relay);
    } catch (error) {
      this.logger.warn({ runId: run.id, err: error }, 'live notice of a relay run not sent');
    }
  }

  private tell(run: RelayActionRunEntity, relay: Pick<RelayEntity, 'id' | 'userId'>): void {
    const message: LivefeedPublishedMessageOf<'RelayRun'> = {
      type: 'RelayRun',
      data: { relayId: relay.id, change: changeOf(run), run: toRelayActionRunDto(run) },
    };
    this.live.toUser(relay.userId, message);
  }
}

/** A pending run is being driven (an attempt started) until the attempt's outcome clears driving_since. */
function changeOf(run: RelayActionRunEntity): RelayRunChange {
  if (run.status !== 'pending') return run.status;
  return run.drivingSince === null && run.attempts > 0 ? 'retrying' : 'started';
}
