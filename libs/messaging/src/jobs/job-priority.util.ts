import type { EventCategory } from '@app/contracts';

/**
 * Fire first in the BullMQ queues of the alarm path (EN 54-21: fire alarms before fault and other
 * messages). BullMQ takes a job without a priority before any job with one, and those by ascending
 * number: a fire's job has none, so it overtakes every waiting fault and other job; a fault's
 * overtakes the other jobs of its queue (an outage or reset mail). Others wait only while alarm
 * jobs are queued, and alarm jobs come only from alarms, so nothing waits for ever.
 */
export const JOB_PRIORITY = { fault: 1, other: 2 } as const;

/** The BullMQ options that put a job of an event of this category in its lane (none for a fire). */
export function alarmJobPriority(category: EventCategory): { priority?: number } {
  if (category === 'fire') return {};
  return { priority: category === 'fault' ? JOB_PRIORITY.fault : JOB_PRIORITY.other };
}
