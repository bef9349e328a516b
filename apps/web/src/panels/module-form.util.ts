import {
  isNetworkModuleEnabled,
  MODULE_ADDRESS_MAX,
  MODULE_ADDRESS_MIN,
  packPrinterOptions,
  TCP_PORT_MAX,
  TCP_PORT_MIN,
  unpackPrinterOptions,
  type ModuleConfig,
  type ModuleSettingsPatch,
  type PrinterOptionSwitches,
  type TcpMode,
} from '@app/contracts';
import { collectProblems, hostProblem, ipv4Problem, wholeNumberProblem, type FormProblems } from './form-checks.util';

/** The module editor's fields as the inputs hold them (spec 2.17); only its port type's are used. */
export interface ModuleForm {
  address: string;
  /** Read-only: false when the network module's setting is DISABLED. */
  enabled: boolean;
  bitRate: number;
  printer: PrinterOptionSwitches;
  cloudAddress: string;
  cloudPort: string;
  ip: string;
  dns: string;
  mask: string;
  gateway: string;
  mode: TcpMode;
}

export type ModuleFormField = Exclude<keyof ModuleForm, 'enabled' | 'printer'>;

export function moduleFormOf(module: ModuleConfig): ModuleForm {
  const form: ModuleForm = {
    address: '',
    enabled: false,
    bitRate: 0,
    printer: unpackPrinterOptions(0),
    cloudAddress: '',
    cloudPort: '',
    ip: '',
    dns: '',
    mask: '',
    gateway: '',
    mode: 'OFF',
  };
  switch (module.port_type) {
    case 'MOD_NWM':
      return {
        ...form,
        address: String(module.settings.address),
        enabled: isNetworkModuleEnabled(module.settings.setting),
      };
    case 'MOD_232':
      return {
        ...form,
        bitRate: module.settings.bitRate,
        printer: unpackPrinterOptions(module.settings.printerOptions),
      };
    case 'MOD_TCP': {
      const { cloudAddress, cloudPort, ip, dns, mask, gateway, mode } = module.settings;
      return { ...form, cloudAddress, cloudPort: String(cloudPort), ip, dns, mask, gateway, mode };
    }
    default:
      return form;
  }
}

export function moduleFormProblems(portType: string, form: ModuleForm): FormProblems<ModuleFormField> {
  if (portType === 'MOD_NWM')
    return collectProblems<ModuleFormField>([
      ['address', wholeNumberProblem('Address', form.address, MODULE_ADDRESS_MIN, MODULE_ADDRESS_MAX)],
    ]);
  if (portType !== 'MOD_TCP') return {};
  return collectProblems<ModuleFormField>([
    ['cloudAddress', hostProblem('Cloud address', form.cloudAddress)],
    ['cloudPort', wholeNumberProblem('Cloud port', form.cloudPort, TCP_PORT_MIN, TCP_PORT_MAX)],
    ['ip', ipv4Problem('IP address', form.ip)],
    ['dns', ipv4Problem('DNS', form.dns)],
    ['mask', ipv4Problem('Subnet mask', form.mask)],
    ['gateway', ipv4Problem('Gateway', form.gateway)],
  ]);
}

/** The settings sent for the module's port type; the network module's Enabled is never sent (read-only). */
export function moduleSettingsOf(portType: string, form: ModuleForm): ModuleSettingsPatch {
  switch (portType) {
    case 'MOD_NWM':
      return { address: Number(form.address.trim()) };
    case 'MOD_232':
      return { bitRate: form.bitRate, printerOptions: packPrinterOptions(form.printer) };
    case 'MOD_TCP':
      return {
        cloudAddress: form.cloudAddress.trim(),
        cloudPort: Number(form.cloudPort.trim()),
        ip: form.ip.trim(),
        dns: form.dns.trim(),
        mask: form.mask.trim(),
        gateway: form.gateway.trim(),
        mode: form.mode,
      };
    default:
      return {};
  }
}
