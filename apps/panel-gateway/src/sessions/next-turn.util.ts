const due: Array<() => void> = [];

/**
 * Runs `task` once the event loop has handled the I/O at hand, together with every other task
 * queued in the same turn. The NATS client writes what was queued within one run of microtasks in
 * one go: publishes that start together (events read from many panels in one poll) leave in one
 * socket write instead of one write each.
 */
export function runNextTurn(task: () => void): void {
  due.push(task);
  if (due.length === 1) setImmediate(runDue);
}

function runDue(): void {
  for (const task of due.splice(0)) task();
}
