import { all, call, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import type { RootState } from '../shared/root-state.types';
import { ALARM_AUDIT_KIND, type AlarmDto, type CommandAuditEntry } from '@app/contracts';
import { alarmsReceived, feedReconnected, testModeReceived } from '../livefeed/livefeed.actions';
import { alarmAcknowledged } from '../alarms/alarms.slice';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { toastRequested } from '../toasts/toasts.slice';
import { commandOutcomeToast } from './command-outcome.util';
import {
  fetchCommandAudit,
  fetchLatestEvent,
  saveDeviceName,
  saveDeviceSettings,
  saveDeviceZone,
  saveModuleSettings,
  saveStrings,
  saveZone,
  sendPanelCommand,
} from './panels.api';
import {
  commandAuditFailed,
  commandAuditLoaded,
  commandAuditRequested,
  deviceSaveRequested,
  latestEventLoaded,
  latestEventRequested,
  moduleSaveRequested,
  panelCommandRequested,
  panelFormFailed,
  panelFormSucceeded,
  panelStringsSaveRequested,
  zoneSaveRequested,
} from './panels.slice';
import { PANEL_EDIT_SAVED, type PanelTarget, type PanelFormId } from './panels.types';
import { panelClockSynced } from '../panel-clock/panel-clock.slice';

export function* loadCommandAudit(action: ReturnType<typeof commandAuditRequested>) {
  const hwaddr = action.payload;
  try {
    const claims = yield* call(requireClaimsToken);
    yield* put(commandAuditLoaded({ hwaddr, entries: yield* call(fetchCommandAudit, claims, hwaddr) }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(commandAuditFailed({ hwaddr, error: errorMessage(error) }));
  }
}

function* loadLatestEvent(action: ReturnType<typeof latestEventRequested>) {
  try {
    const claims = yield* call(requireClaimsToken);
    yield* put(
      latestEventLoaded({ target: action.payload, event: yield* call(fetchLatestEvent, claims, action.payload) }),
    );
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(latestEventLoaded({ target: action.payload, event: null }));
  }
}

/** A command button: the panel's answer becomes a toast, and the command log is read again either way. */
export function* sendCommand(action: ReturnType<typeof panelCommandRequested>) {
  const { target, command, label: panel } = action.payload;
  try {
    yield* call(sendPanelCommand, yield* call(requireClaimsToken), target, command);
    yield* put(panelFormSucceeded('command'));
    yield* put(toastRequested(commandOutcomeToast(command, panel, null)));
    if (command.kind === 'syncClock') yield* put(panelClockSynced(target.hwaddr));
  } catch (error) {
    if (error instanceof SessionExpiredError) return;
    yield* put(panelFormFailed({ form: 'command', error: errorMessage(error) }));
    yield* put(toastRequested(commandOutcomeToast(command, panel, error)));
  }
  yield* put(commandAuditRequested(target.hwaddr));
}

/**
 * An edit: each form keeps its own status; success shows the form's toast, failure an error toast
 * with the server's text (spec 8). The new configuration comes back from the panel by the live feed.
 */
function* saveEdit(form: PanelFormId, target: PanelTarget, save: (claims: string) => Promise<unknown>) {
  try {
    const claims = yield* call(requireClaimsToken);
    yield* call(save, claims);
    yield* put(panelFormSucceeded(form));
    yield* put(toastRequested({ kind: 'success', text: PANEL_EDIT_SAVED[form] }));
  } catch (error) {
    if (error instanceof SessionExpiredError) return;
    yield* put(panelFormFailed({ form, error: errorMessage(error) }));
    yield* put(toastRequested({ kind: 'error', text: errorMessage(error) }));
  }
  yield* put(commandAuditRequested(target.hwaddr));
}

function* saveStringsSaga(action: ReturnType<typeof panelStringsSaveRequested>) {
  const { target, request } = action.payload;
  yield* call(saveEdit, 'strings' as const, target, (claims: string) => saveStrings(claims, target, request));
}

function* saveZoneSaga(action: ReturnType<typeof zoneSaveRequested>) {
  const { target, request } = action.payload;
  yield* call(saveEdit, 'zone' as const, target, (claims: string) => saveZone(claims, target, request));
}

/** Name, zone and settings are separate calls of the API; only what changed is sent, one after another. */
function* saveDeviceSaga(action: ReturnType<typeof deviceSaveRequested>) {
  const { target, request } = action.payload;
  const { port_id, mod_idx } = request;
  yield* call(saveEdit, 'device' as const, target, async (claims: string) => {
    if (request.name !== undefined) await saveDeviceName(claims, target, { port_id, mod_idx, name: request.name });
    if (request.zoneId !== undefined)
      await saveDeviceZone(claims, target, { port_id, mod_idx, zoneId: request.zoneId });
    if (request.settings !== undefined)
      await saveDeviceSettings(claims, target, { port_id, mod_idx, settings: request.settings });
  });
}

function* saveModuleSaga(action: ReturnType<typeof moduleSaveRequested>) {
  const { target, request } = action.payload;
  yield* call(saveEdit, 'module' as const, target, (claims: string) => saveModuleSettings(claims, target, request));
}

/** After a drop of the live feed, what the panel screens show may have missed messages: asked again. */
function* refreshAfterReconnect() {
  const { audit, latestEvents } = yield* select((state: RootState) => state.panels);
  for (const hwaddr of Object.keys(audit)) yield* put(commandAuditRequested(hwaddr));
  for (const key of Object.keys(latestEvents)) {
    const [hwaddr, networkId] = key.split('/');
    yield* put(latestEventRequested({ hwaddr, networkId: Number(networkId) }));
  }
}

/** A site's test mode started or ended: its audit log has a new row, asked for where it is shown. */
function* refreshAuditAfterTestMode(action: ReturnType<typeof testModeReceived>) {
  const shown = yield* select((state: RootState) => state.panels.audit[action.payload.hwaddr]);
  if (shown) yield* put(commandAuditRequested(action.payload.hwaddr));
}

/**
 * The shown log lacks the alarm's acknowledgement and is older than it. (An acknowledgement older
 * than the log's newest row and not in it fell off the log's page: nothing to ask.)
 */
function lacksAcknowledgement(entries: CommandAuditEntry[], alarm: AlarmDto): boolean {
  const { acknowledgement } = alarm;
  if (acknowledgement === null) return false;
  if (entries.some((entry) => entry.kind === ALARM_AUDIT_KIND && entry.command.alarmId === alarm.id)) return false;
  return entries.every((entry) => entry.date < acknowledgement.at);
}

/** An alarm acknowledged, here or in another browser of the site: its audit log has a new row, asked for where shown. */
function* refreshAuditAfterAcknowledgement(action: ReturnType<typeof alarmsReceived | typeof alarmAcknowledged>) {
  const alarms = alarmsReceived.match(action) ? action.payload.map((message) => message.alarm) : [action.payload];
  const audit = yield* select((state: RootState) => state.panels.audit);
  const behind = alarms.filter(
    (alarm) => audit[alarm.hwaddr] && lacksAcknowledgement(audit[alarm.hwaddr].entries, alarm),
  );
  for (const hwaddr of new Set(behind.map((alarm) => alarm.hwaddr))) yield* put(commandAuditRequested(hwaddr));
}

export function* panelsSaga() {
  yield* all([
    takeEvery(commandAuditRequested.type, loadCommandAudit),
    takeEvery(latestEventRequested.type, loadLatestEvent),
    takeEvery(panelCommandRequested.type, sendCommand),
    takeLatest(panelStringsSaveRequested.type, saveStringsSaga),
    takeLatest(zoneSaveRequested.type, saveZoneSaga),
    takeLatest(deviceSaveRequested.type, saveDeviceSaga),
    takeLatest(moduleSaveRequested.type, saveModuleSaga),
    takeLatest(feedReconnected.type, refreshAfterReconnect),
    takeEvery(testModeReceived.type, refreshAuditAfterTestMode),
    takeEvery([alarmsReceived.type, alarmAcknowledged.type], refreshAuditAfterAcknowledgement),
  ]);
}
