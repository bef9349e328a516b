import { generateDeviceKeyPair } from '@app/panel-protocol';
import { panelIdentitiesInsert } from '../panel-identities/panel-identities-insert.util';

/** Anything that runs SQL: a DataSource, an EntityManager, a pg client or pool. */
export interface SqlRunner {
  query(sql: string, params: unknown[]): Promise<unknown>;
}

/**
 * Provisions panels in the registry as the provisioning command does (a fresh Ed25519 key pair
 * each, the public key stored, any earlier key replaced) and answers each panel's device secret.
 * Every test, harness and bench that connects a panel goes through here.
 */
export async function provisionTestPanels(
  database: SqlRunner,
  hwaddrs: readonly string[],
): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  const rows = hwaddrs.map((hwaddr) => {
    const { secret, publicKey } = generateDeviceKeyPair();
    secrets.set(hwaddr, secret);
    return { hwaddr, publicKey };
  });
  const { sql, params } = panelIdentitiesInsert(rows, { source: 'generated', label: 'test', replace: true });
  await database.query(sql, params);
  return secrets;
}

/** One panel: its device secret. */
export async function provisionTestPanel(database: SqlRunner, hwaddr: string): Promise<string> {
  return (await provisionTestPanels(database, [hwaddr])).get(hwaddr)!;
}
