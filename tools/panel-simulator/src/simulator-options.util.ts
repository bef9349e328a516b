import {
  isPanelType,
  NETWORK_ID_MAX,
  NETWORK_ID_MIN,
  normaliseHwaddr,
  PANEL_KEY_PATTERN,
  type PanelType,
} from '@app/contracts';
import {
  DEVICE_KEY_PATTERN,
  FIRMWARE_MAX_LENGTH,
  PANEL_PROTOCOL_MIN_VERSION,
  PANEL_PROTOCOL_VERSION,
  type GatewayAddress,
} from '@app/panel-protocol';
import { parseGatewayAddress } from './gateway-list.util';
import { SCENARIOS, type Scenario } from './scenario-runner';

/** Where the panels connect when no --gateway is given. */
export const DEFAULT_GATEWAY: GatewayAddress = { host: '127.0.0.1', port: 7700 };

export interface SimulatorOptions {
  /** The gateway copies, in the order given (at least one). */
  gateways: GatewayAddress[];
  panels: number;
  /** --panels was given (otherwise a device secrets file without --hwaddr names the panels). */
  panelsGiven: boolean;
  hwaddr?: string;
  key: string;
  /** --device-secret: the device secret of the one panel. */
  deviceSecret?: string;
  /** --device-secrets: a file of hwaddr,secret lines. */
  deviceSecretsFile?: string;
  networkIds: number[];
  panelType: PanelType;
  firmware: string;
  /** The panel link protocol version the panels speak (an older one to try what older panels see). */
  protocolVersion: number;
  tls: boolean;
  tlsInsecure: boolean;
  cloudControl: boolean;
  scenario?: Scenario;
  rate: number;
  script?: string;
  /** --lively: every panel lives on its own (see LivelyPanel); --lively-pace scales its waits. */
  lively: boolean;
  livelyPace: number;
  help: boolean;
}

export const USAGE = `Usage: npm run simulate -- [options]

  --gateway host:port     gateway to connect to (default 127.0.0.1:7700); several copies of the
                          gateway: a comma-separated list (--gateway gw-a:7700,gw-b:7700) or the
                          flag repeated. Each panel tries them in turn: when a connection is
                          refused, fails or is lost, it connects to the next address (after its
                          usual random wait), back to the first after the last. Panel N starts
                          on the Nth address, so a fleet spreads over the copies
  --panels N              number of panels (default 1)
  --hwaddr 0011aabbccdd   first panel's hardware address; the others count up from it (default random)
  --key 1234              the panels' 4-digit admin key (default 1234)
  --device-secret HEX     the panel's device secret (64 hex), printed when it was provisioned
                          (npm run panels -- provision <hwaddr>); for one panel
  --device-secrets FILE   device secrets of many panels: lines hwaddr,secret (# comments);
                          without --hwaddr the panels are the file's (the first N with --panels)
                          (every panel needs its secret: the gateway refuses unprovisioned ones)
  --networks 2 | 1,3,5    number of networks (ids 1..N) or a list of network ids (default 1)
  --type SMARTLOOP_MK2    panel type: SMARTLOOP_MK2, MULTILOOP or UNKNOWN (default SMARTLOOP_MK2)
  --firmware 4.2.1        firmware version reported in the hello
  --protocol-version N    the panel link protocol version the panels speak, ${PANEL_PROTOCOL_MIN_VERSION} to ${PANEL_PROTOCOL_VERSION}
                          (default ${PANEL_PROTOCOL_VERSION}); an older panel is never sent the commands of later versions
  --tls                   connect over TLS (--tls-insecure accepts a self-signed certificate)
  --cloud-control on|off  off: an events-only panel that refuses control (default on)
  --scenario NAME         play fire, fault, restore or mixed from the start
  --rate R                scenario steps per second per panel (default 1)
  --script FILE           run console commands from a file (one per line) after connecting
  --lively                each panel lives on its own, for demos: a note every ~20 s, runtime
                          reports, a zone fault every ~5 min that clears itself, and every ~10 min
                          its clock falls 25 min behind (a time desync for the portal) until the
                          portal's Sync panel clock sets it
  --lively-pace F         multiplies every lively wait (0.1: ten times as often; default 1)
  --help                  this text

Console commands (type 'help' once running) drive the panels by hand, e.g. 'fire 1 3'.`;

export class OptionsError extends Error {}

export function parseSimulatorOptions(argv: readonly string[]): SimulatorOptions {
  const options: SimulatorOptions = {
    gateways: [],
    panels: 1,
    panelsGiven: false,
    key: '1234',
    networkIds: [1],
    panelType: 'SMARTLOOP_MK2',
    firmware: '4.2.1',
    protocolVersion: PANEL_PROTOCOL_VERSION,
    tls: false,
    tlsInsecure: false,
    cloudControl: true,
    rate: 1,
    lively: false,
    livelyPace: 1,
    help: false,
  };
  const args = [...argv];
  const value = (flag: string): string => {
    const next = args.shift();
    if (next === undefined || next.startsWith('--')) throw new OptionsError(`${flag} needs a value`);
    return next;
  };
  while (args.length > 0) {
    const flag = args.shift()!;
    switch (flag) {
      case '--gateway': {
        const text = value(flag);
        for (const part of text.split(',')) {
          const address = parseGatewayAddress(part);
          if (!address)
            throw new OptionsError(`--gateway must be host:port or a comma-separated list of them, got '${part}'`);
          options.gateways.push(address);
        }
        break;
      }
      case '--panels':
        options.panels = positiveInt(flag, value(flag), 10_000);
        options.panelsGiven = true;
        break;
      case '--hwaddr': {
        const text = value(flag);
        const hwaddr = normaliseHwaddr(text);
        if (hwaddr === null) throw new OptionsError(`--hwaddr must be 12 hex characters, got '${text}'`);
        options.hwaddr = hwaddr;
        break;
      }
      case '--key': {
        const text = value(flag);
        if (!PANEL_KEY_PATTERN.test(text)) throw new OptionsError('--key must be exactly 4 digits');
        options.key = text;
        break;
      }
      case '--device-secret': {
        const text = value(flag);
        if (!DEVICE_KEY_PATTERN.test(text))
          throw new OptionsError('--device-secret must be 64 lowercase hex characters');
        options.deviceSecret = text;
        break;
      }
      case '--device-secrets':
        options.deviceSecretsFile = value(flag);
        break;
      case '--networks':
        options.networkIds = parseNetworks(value(flag));
        break;
      case '--type': {
        const text = value(flag).toUpperCase();
        if (!isPanelType(text))
          throw new OptionsError(`--type must be SMARTLOOP_MK2, MULTILOOP or UNKNOWN, got '${text}'`);
        options.panelType = text;
        break;
      }
      case '--firmware':
        options.firmware = value(flag).slice(0, FIRMWARE_MAX_LENGTH);
        break;
      case '--protocol-version': {
        const text = value(flag);
        const version = Number(text);
        if (!/^\d+$/.test(text) || version < PANEL_PROTOCOL_MIN_VERSION || version > PANEL_PROTOCOL_VERSION)
          throw new OptionsError(
            `--protocol-version must be from ${PANEL_PROTOCOL_MIN_VERSION} to ${PANEL_PROTOCOL_VERSION}, got '${text}'`,
          );
        options.protocolVersion = version;
        break;
      }
      case '--tls':
        options.tls = true;
        break;
      case '--tls-insecure':
        options.tls = true;
        options.tlsInsecure = true;
        break;
      case '--cloud-control': {
        const text = value(flag);
        if (text !== 'on' && text !== 'off') throw new OptionsError(`--cloud-control must be on or off, got '${text}'`);
        options.cloudControl = text === 'on';
        break;
      }
      case '--scenario': {
        const text = value(flag);
        if (!(SCENARIOS as readonly string[]).includes(text))
          throw new OptionsError(`--scenario must be one of ${SCENARIOS.join(', ')}, got '${text}'`);
        options.scenario = text as Scenario;
        break;
      }
      case '--rate': {
        const text = value(flag);
        const rate = Number(text);
        if (!Number.isFinite(rate) || rate <= 0 || rate > 1000)
          throw new OptionsError(`--rate must be a number above 0 and up to 1000, got '${text}'`);
        options.rate = rate;
        break;
      }
      case '--lively':
        options.lively = true;
        break;
      case '--lively-pace': {
        const text = value(flag);
        const pace = Number(text);
        if (!Number.isFinite(pace) || pace < 0.001 || pace > 1000)
          throw new OptionsError(`--lively-pace must be a number from 0.001 to 1000, got '${text}'`);
        options.livelyPace = pace;
        options.lively = true;
        break;
      }
      case '--script':
        options.script = value(flag);
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new OptionsError(`unknown option '${flag}'`);
    }
  }
  if (options.gateways.length === 0) options.gateways.push({ ...DEFAULT_GATEWAY });
  return options;
}

function positiveInt(flag: string, text: string, max: number): number {
  const number = Number(text);
  if (!/^\d+$/.test(text) || number < 1 || number > max)
    throw new OptionsError(`${flag} must be a whole number from 1 to ${max}, got '${text}'`);
  return number;
}

function parseNetworks(text: string): number[] {
  const ids = text.includes(',')
    ? text.split(',').map((part) => Number(part.trim()))
    : Array.from({ length: positiveInt('--networks', text, NETWORK_ID_MAX) }, (_, index) => index + 1);
  if (
    ids.some((id) => !Number.isInteger(id) || id < NETWORK_ID_MIN || id > NETWORK_ID_MAX) ||
    new Set(ids).size !== ids.length
  ) {
    throw new OptionsError(
      `--networks must be a count or a list of distinct ids from ${NETWORK_ID_MIN} to ${NETWORK_ID_MAX}, got '${text}'`,
    );
  }
  return ids;
}
