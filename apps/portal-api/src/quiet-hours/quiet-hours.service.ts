import { Injectable, Logger } from '@nestjs/common';
import { QUIET_HOURS_MESSAGES, quietHoursProblem, type QuietHoursSetting } from '@app/contracts';
import { DomainError } from '@app/platform';
import { QuietHoursRepository } from './quiet-hours.repository';

/**
 * A user's quiet hours (docs/alarms.md, "Quiet hours"): read and set by the user. The mailer and
 * portal-api's outage mails leave out users in theirs when they choose who a fault or a
 * communication loss is told to.
 */
@Injectable()
export class QuietHoursService {
  private readonly logger = new Logger(QuietHoursService.name);

  constructor(private readonly quietHours: QuietHoursRepository) {}

  async get(userId: string): Promise<QuietHoursSetting> {
    return { quietHours: await this.quietHours.of(userId) };
  }

  async set(userId: string, setting: QuietHoursSetting): Promise<QuietHoursSetting> {
    // Null is left out, as everywhere in the API: none.
    const quiet = setting.quietHours ?? null;
    if (quiet) {
      const problem = quietHoursProblem(quiet);
      if (problem) throw new DomainError('invalid', problem);
      if (!(await this.quietHours.knowsTimeZone(quiet.timeZone)))
        throw new DomainError('invalid', QUIET_HOURS_MESSAGES.timeZone);
    }
    await this.quietHours.set(userId, quiet);
    this.logger.log({ quietHours: quiet !== null }, 'quiet hours set');
    return this.get(userId);
  }
}
