import type { INestApplication } from '@nestjs/common';
import type { RelayTriggerSettings } from '@app/contracts';
import { ClaimEntity, RelayActionEntity, RelayEntity, UserEntity } from '@app/database';
import { provisionTestPanel } from '@app/database/testing';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startGateway, type StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import { startRelayWorkerTestApp } from './relay-worker-test-app';

export interface RelayPanelWorldOptions {
  hwaddr: string;
  /** The board's 32-character AES key. */
  password: string;
  ownerEmail: string;
  relayName: string;
  onFire: RelayTriggerSettings;
  onFault: RelayTriggerSettings;
}

/** The whole alarm path to a relay: a simulated panel → a real gateway → the relay-worker → a simulated board. */
export interface RelayPanelWorld {
  environment: TestEnvironment;
  worker: INestApplication;
  gateway: StartedGateway;
  panel: SimulatedPanel;
  board: RelaySimulator;
  actionId: number;
  close(): Promise<void>;
}

const SECRET_KEY = 'relay-panel-world-int-spec-secret-key-012345';

/** A site with an AUTHED claim and one relay action, its panel connected through a gateway. */
export async function startRelayPanelWorld(options: RelayPanelWorldOptions): Promise<RelayPanelWorld> {
  const environment = await createTestEnvironment();
  const board = new RelaySimulator({ password: options.password });
  await board.start();
  const dataSource = environment.database.dataSource;
  const user = await dataSource
    .getRepository(UserEntity)
    .save({ email: options.ownerEmail, fullName: 'Site Owner', passwordHash: 'x' });
  await dataSource
    .getRepository(ClaimEntity)
    .save({ userId: user.id, hwaddr: options.hwaddr, adminKey: '1234', status: 'AUTHED' });
  const relay = await dataSource.getRepository(RelayEntity).save({
    userId: user.id,
    name: options.relayName,
    host: '127.0.0.1',
    port: board.port,
    passwordEncrypted: new RelayPasswordCipher(SECRET_KEY).encrypt(options.password),
  });
  const action = await dataSource
    .getRepository(RelayActionEntity)
    .save({ relayId: relay.id, hwaddr: options.hwaddr, onFire: options.onFire, onFault: options.onFault });
  const worker = (
    await startRelayWorkerTestApp(environment, { RELAY_SECRET_KEY: SECRET_KEY, RELAY_ALLOWED_TARGETS: '127.0.0.1' })
  ).app;
  const gateway = await startGateway(environment.natsConfig, {}, { url: environment.database.url });
  const deviceSecret = await provisionTestPanel(dataSource, options.hwaddr);
  const panel = new SimulatedPanel({
    hwaddr: options.hwaddr,
    adminKey: '1234',
    deviceSecret,
    host: '127.0.0.1',
    port: gateway.port,
    networkIds: [1],
    panelType: 'MULTILOOP',
    firmware: '1.0',
    cloudControl: true,
    log: () => undefined,
  });
  panel.start();
  await waitUntil(() => panel.link.isReady, 'the panel connected');
  return {
    environment,
    worker,
    gateway,
    panel,
    board,
    actionId: action.id,
    async close() {
      await panel.stop();
      await gateway.close();
      await worker.close();
      await board.stop();
      await environment.cleanup();
    },
  };
}
