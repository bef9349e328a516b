import {
  allowedDeviceModes,
  deviceSettingsFields,
  deviceTypeByNumber,
  editableModuleSettingsFields,
  EMPTY_RUNTIME_REPORT,
  type EventCategory,
  type RuntimeReport,
} from '@app/contracts';
import type { CommandMessage, ConfigSnapshot, PanelCommandOutcome, PanelEventInput } from '@app/panel-protocol';

export interface NetworkState {
  config: ConfigSnapshot;
  runtime: RuntimeReport;
}

/** What applying a command or an action changed, so the panel can report it. */
export interface ModelChange {
  outcome: PanelCommandOutcome;
  events: PanelEventInput[];
  /** Networks whose configuration changed (send a snapshot). */
  configs: number[];
  /** Networks whose runtime changed (send a report). */
  runtimes: number[];
  /** Send every network's snapshot (resync). */
  resync?: boolean;
}

const refused = (reason: string): ModelChange => ({
  outcome: { ok: false, reason },
  events: [],
  configs: [],
  runtimes: [],
});

/**
 * One simulated panel's state: its networks' configuration and runtime, and its clock. Commands
 * change it the way a panel would; the caller sends the snapshots, reports and events a change calls for.
 */
export class PanelModel {
  readonly networks = new Map<number, NetworkState>();
  /** How far the panel's clock is off the real time (negative: slow); it stamps every event. */
  private clockOffset = 0;

  constructor(
    configs: ConfigSnapshot[],
    /** The real time; the panel's clock is it plus the offset. */
    private readonly now: () => Date = () => new Date(),
  ) {
    for (const config of configs)
      this.networks.set(config.networkId, { config, runtime: structuredClone(EMPTY_RUNTIME_REPORT) });
  }

  /** The panel's clock, as it stamps events. */
  get clock(): Date {
    return new Date(this.now().getTime() + this.clockOffset);
  }

  /** How far the panel's clock is off the real time, in ms (negative: slow). */
  get clockOffsetMs(): number {
    return this.clockOffset;
  }

  /** The clock falls `ms` behind the real time, as a drifting clock (or one whose battery went flat) does. */
  setClockBehind(ms: number): void {
    this.clockOffset = -ms;
  }

  apply(command: CommandMessage): ModelChange {
    const network = this.networks.get(command.networkId);
    if (!network) return refused(`unknown network ${command.networkId}`);
    const { config } = network;
    const networkId = command.networkId;
    const done = (change: Partial<ModelChange> = {}): ModelChange => ({
      outcome: { ok: true },
      events: [],
      configs: [],
      runtimes: [],
      ...change,
    });
    switch (command.kind) {
      case 'button': {
        const { action, data } = command.payload;
        if (action === 'RESET') {
          network.runtime.zones.fire = [];
          network.runtime.zones.fault = [];
          return done({ events: [this.event(networkId, 'system', 'Panel reset', 'Cloud')], runtimes: [networkId] });
        }
        if (action === 'SOUNDER') {
          network.runtime.disabled.sounders = data === 'OFF';
          const title = data === 'OFF' ? 'Sounders silenced' : 'Sounders started';
          return done({ events: [this.event(networkId, 'system', title, 'Cloud')], runtimes: [networkId] });
        }
        return done({ events: [this.event(networkId, 'system', 'Buzzer muted', 'Cloud')] });
      }
      case 'zone': {
        const zone = config.zones.find((candidate) => candidate.id === command.payload.id);
        if (!zone) return refused(`unknown zone ${command.payload.id}`);
        zone.name = command.payload.name;
        zone.mode = command.payload.mode;
        return done({ configs: [networkId] });
      }
      case 'deviceName':
      case 'deviceZone':
      case 'deviceSettings': {
        const device = config.devices.find(
          (candidate) => candidate.port_id === command.payload.port_id && candidate.mod_idx === command.payload.mod_idx,
        );
        if (!device) return refused(`unknown device ${command.payload.port_id}/${command.payload.mod_idx}`);
        if (command.kind === 'deviceName') device.name = command.payload.name;
        if (command.kind === 'deviceZone') {
          if (!config.zones.some((zone) => zone.id === command.payload.zoneId))
            return refused(`unknown zone ${command.payload.zoneId}`);
          device.zone = command.payload.zoneId;
        }
        if (command.kind === 'deviceSettings') {
          const portType = config.modules.find((module) => module.port_id === device.port_id)?.port_type ?? 'MOD_EMPTY';
          const fields = deviceSettingsFields(portType);
          const wrong = Object.keys(command.payload.settings).find(
            (field) => !(fields as readonly string[]).includes(field),
          );
          if (wrong) return refused(`setting ${wrong} does not apply to a ${portType} device`);
          const mode = command.payload.settings.mode;
          if (mode && !allowedDeviceModes(portType, deviceTypeByNumber(device.type)).includes(mode))
            return refused(`mode ${mode} is not allowed for this device`);
          Object.assign(device.settings, command.payload.settings);
        }
        return done({ configs: [networkId] });
      }
      case 'strings': {
        const { panelName, panelCompanyName, panelSiteName, panelPhoneNumber } = command.payload;
        config.strings = {
          strName: panelName,
          strCompany: panelCompanyName,
          strSite: panelSiteName,
          strPhoneNumber: panelPhoneNumber,
        };
        return done({ configs: [networkId] });
      }
      case 'moduleSettings': {
        const module = config.modules.find((candidate) => candidate.port_id === command.payload.port_id);
        if (!module) return refused(`unknown module ${command.payload.port_id}`);
        const fields = editableModuleSettingsFields(module.port_type) as readonly string[];
        const wrong = Object.keys(command.payload.settings).find((field) => !fields.includes(field));
        if (wrong) return refused(`setting ${wrong} does not apply to ${module.port_type}`);
        Object.assign(module.settings, command.payload.settings);
        return done({ configs: [networkId] });
      }
      case 'resync':
        return done({ resync: true });
      case 'syncClock': {
        // The panel's clock becomes the portal's; what it notes from now on is stamped by it.
        this.clockOffset = Date.parse(command.payload.time) - this.now().getTime();
        return done({ events: [this.event(networkId, 'system', 'Clock set', 'Cloud')] });
      }
      case 'keyProof':
        return refused('the link answers key proofs');
    }
  }

  /** A zone goes into fire or fault, or back to normal. */
  setZone(networkId: number, zoneId: number, condition: 'fire' | 'fault' | 'normal'): ModelChange {
    const network = this.networks.get(networkId);
    if (!network) return refused(`unknown network ${networkId}`);
    const zone = network.config.zones.find((candidate) => candidate.id === zoneId);
    if (!zone) return refused(`unknown zone ${zoneId} on network ${networkId}`);
    const { zones } = network.runtime;
    const location = `Zone ${zoneId + 1}: ${zone.name}`;
    if (condition === 'normal') {
      const was = zones.fire.includes(zoneId) ? 'Fire' : zones.fault.includes(zoneId) ? 'Fault' : null;
      zones.fire = zones.fire.filter((id) => id !== zoneId);
      zones.fault = zones.fault.filter((id) => id !== zoneId);
      const events = was ? [this.event(networkId, 'system', `${was} cleared`, location)] : [];
      return { outcome: { ok: true }, events, configs: [], runtimes: [networkId] };
    }
    const list = zones[condition];
    if (!list.includes(zoneId)) list.push(zoneId);
    const title = condition === 'fire' ? 'Fire alarm' : 'Zone fault';
    return {
      outcome: { ok: true },
      events: [this.event(networkId, condition, title, location)],
      configs: [],
      runtimes: [networkId],
    };
  }

  /** An event with no state behind it (service, technical, system notes). */
  note(networkId: number, category: EventCategory, title: string, location = 'N/A'): ModelChange {
    if (!this.networks.has(networkId)) return refused(`unknown network ${networkId}`);
    return {
      outcome: { ok: true },
      events: [this.event(networkId, category, title, location)],
      configs: [],
      runtimes: [],
    };
  }

  private event(networkId: number, category: EventCategory, title: string, location: string): PanelEventInput {
    return { networkId, category, title, location, date: this.clock.toISOString() };
  }
}
