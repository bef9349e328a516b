import {
  deviceOptionChoices,
  deviceTypeByNumber,
  DEVICE_TYPES,
  packDayNight,
  type DeviceConfig,
  type DeviceSettings,
  type ModuleConfig,
  type PanelType,
  type PortType,
  type ZoneConfig,
} from '@app/contracts';
import type { ConfigSnapshot } from '@app/panel-protocol';
import { SeededRandom } from './random.util';

/** Builds plausible panel networks from the spec's catalogues, the same for the same hwaddr. */

const ZONE_NAMES = [
  'Reception',
  'Main office',
  'Stores',
  'Kitchen',
  'Plant room',
  'Stairwell A',
  'Stairwell B',
  'Car park',
  'Workshop',
  'Server room',
  'Canteen',
  'Loading bay',
];
const PLACES = ['Entrance', 'Corridor', 'Office', 'Landing', 'Lobby', 'Store', 'Lift', 'Exit'];

const LOOP_DEVICE_TYPES = DEVICE_TYPES.filter((type) => type.n > 0 && !type.id.startsWith('WIRELESS'));

function loopDeviceSettings(typeN: number, address: number, random: SeededRandom): DeviceSettings {
  const type = deviceTypeByNumber(typeN);
  const settings: DeviceSettings = { address, mode: 'MODE_ENABLED' };
  const choices = deviceOptionChoices(type);
  if (choices)
    settings.deviceOptions = packDayNight(random.int(0, choices.length - 1), random.int(0, choices.length - 1));
  return settings;
}

function settingsFor(portType: PortType, typeN: number, index: number, random: SeededRandom): DeviceSettings {
  switch (portType) {
    case 'MOD_MRKII':
      return loopDeviceSettings(typeN, index + 1, random);
    case 'MOD_ZMU_CLASS_A':
    case 'MOD_ZMU_CLASS_B':
      return { mode: 'MODE_ENABLED', inputType: random.int(0, 3) };
    case 'MOD_NAC_CLASS_A':
    case 'MOD_NAC_CLASS_B':
      return { mode: 'MODE_ENABLED', resetTime: 30, sounderType: random.int(0, 3) };
    case 'SMARTLOOP_LOCAL':
      return { isNormallyClosed: random.next() < 0.3, relayType: random.int(0, 2), mode: 'MODE_ENABLED' };
    default:
      return {};
  }
}

export interface NetworkBuildOptions {
  hwaddr: string;
  networkId: number;
  panelType: PanelType;
  /** The gateway this panel's TCP/IP module points at. */
  cloudAddress: string;
  cloudPort: number;
}

export function buildNetwork(options: NetworkBuildOptions): ConfigSnapshot {
  const { hwaddr, networkId, panelType } = options;
  const random = new SeededRandom(`${hwaddr}/${networkId}`);
  const zoneCount = random.int(6, 12);
  const zones: ZoneConfig[] = Array.from({ length: zoneCount }, (_, id) => ({
    id,
    name: ZONE_NAMES[id % ZONE_NAMES.length],
    mode: 'MODE_ENABLED',
  }));
  const modules: ModuleConfig[] = [];
  const devices: DeviceConfig[] = [];
  const addModule = (portType: PortType, settings: ModuleConfig['settings'], deviceTypes: number[]) => {
    const port_id = modules.length;
    deviceTypes.forEach((type, mod_idx) => {
      const zone = random.int(0, zoneCount - 1);
      devices.push({
        port_id,
        mod_idx,
        type,
        zone,
        name: `${random.pick(PLACES)} ${mod_idx + 1}`,
        settings: settingsFor(portType, type, mod_idx, random),
      });
    });
    modules.push({ port_id, port_type: portType, settings, devices: deviceTypes.length } as ModuleConfig);
  };
  const loops = panelType === 'MULTILOOP' ? 2 : 1;
  for (let loop = 0; loop < loops; loop++) {
    addModule(
      'MOD_MRKII',
      {},
      Array.from({ length: random.int(8, 16) }, () => random.pick(LOOP_DEVICE_TYPES).n),
    );
  }
  addModule('MOD_NAC_CLASS_A', {}, [21, 21]);
  addModule('MOD_ZMU_CLASS_B', {}, [18]);
  addModule('MOD_NWM', { address: networkId, setting: 'ENABLED' }, []);
  addModule('MOD_232', { bitRate: 3, printerOptions: 0b0011 }, []);
  addModule(
    'MOD_TCP',
    {
      cloudAddress: options.cloudAddress,
      cloudPort: options.cloudPort,
      ip: `192.168.1.${10 + networkId}`,
      dns: '192.168.1.1',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      mode: 'STATIC',
    },
    [],
  );
  addModule('SMARTLOOP_LOCAL', {}, [20, 20]);
  return {
    networkId,
    strings: {
      strName: `Panel ${networkId}`,
      strSite: `Site ${hwaddr.slice(-4).toUpperCase()}`,
      strCompany: 'Simulated Fire Ltd',
      strPhoneNumber: '01632 960000',
    },
    zones,
    modules,
    devices,
  };
}
