export {
  createTestDatabase,
  urlAs,
  withDatabase,
  type TestDatabase,
  type CreateTestDatabaseOptions,
} from './test-database';
export { provisionTestPanel, provisionTestPanels, type SqlRunner } from './provision-test-panels';
export { waitForLockWait } from './lock-wait';
export { uncommittedDecision, type UncommittedDecision } from './uncommitted-decision';
