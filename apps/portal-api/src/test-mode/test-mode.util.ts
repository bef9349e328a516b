import type { SiteTestMode, TestModeData } from '@app/contracts';
import type { SiteTestModeEntity } from '@app/database';

/** A stored test mode as the API and the live feed show it. */
export function toSiteTestMode(testMode: SiteTestModeEntity): SiteTestMode {
  return {
    startedBy: testMode.startedByName,
    startedAt: testMode.startedAt.toISOString(),
    until: testMode.until.toISOString(),
    reason: testMode.reason,
  };
}

/** The data of its TEST_MODE notifications, as it stands (its text follows from it). */
export function testModeNotificationData(testMode: SiteTestModeEntity): TestModeData {
  return {
    test_mode_id: testMode.id,
    started_by: testMode.startedByName,
    reason: testMode.reason,
    until: testMode.until.toISOString(),
    ended_at: testMode.endedAt?.toISOString() ?? null,
    ended_by: testMode.endedByName,
  };
}
