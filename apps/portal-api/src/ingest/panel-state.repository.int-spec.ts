import type { PanelConfigMessage } from '@app/contracts';
import { PanelNetworkEntity } from '@app/database';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { PanelStateRepository } from './panel-state.repository';

describe('PanelStateRepository (real PostgreSQL)', () => {
  let portal: PortalApiTestApp;

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
  });

  afterAll(() => portal?.close());

  const snapshot = (strName: string): PanelConfigMessage => ({
    hwaddr: '0011aabbcc40',
    networkId: 1,
    panelType: 'MULTILOOP',
    strings: { strName, strSite: 'Site', strCompany: 'Company', strPhoneNumber: '0123' },
    zones: [{ id: 0, name: 'Zone one', mode: 'MODE_ENABLED' }],
    modules: [],
    devices: [],
  });

  it('keeps the latest snapshot when an older one is handled after it', async () => {
    const panels = portal.app.get(PanelStateRepository);
    expect(await panels.saveConfig(snapshot('First'), 3)).toBe(true);
    expect(await panels.saveConfig(snapshot('Third'), 7)).toBe(true);
    expect(await panels.saveConfig(snapshot('Second, late'), 5)).toBe(false);
    expect(await panels.saveConfig(snapshot('Third'), 7)).toBe(false);

    const stored = await portal.environment.database.dataSource
      .getRepository(PanelNetworkEntity)
      .findOneByOrFail({ hwaddr: '0011aabbcc40', networkId: 1 });
    expect(stored).toMatchObject({
      strName: 'Third',
      configSeq: 7,
      zones: [{ id: 0, name: 'Zone one', mode: 'MODE_ENABLED' }],
    });
  });
});
