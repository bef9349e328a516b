export { createTestDatabase, withDatabase, type TestDatabase, type CreateTestDatabaseOptions } from './test-database';
