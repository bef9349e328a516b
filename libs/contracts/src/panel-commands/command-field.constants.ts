import { PANEL_TEXT_MAX_LENGTH } from '../constants/input-limits.constants';
import { PANEL_CONFIG_ID_MAX } from '../constants/limits.constants';
import { SELECTABLE_MODES } from '../panel/modes.catalogue';
import { integer, oneOf, text } from './command-fields.util';

/** Fields several commands share, so that one field reads the same wherever it appears. */

export const PORT_ID_FIELD = integer({ min: 0, protocolMax: PANEL_CONFIG_ID_MAX, description: "The module's port" });

export const MOD_IDX_FIELD = integer({
  min: 0,
  protocolMax: PANEL_CONFIG_ID_MAX,
  description: "The device's index on its module",
});

/** Panel texts, zone and device names: may be empty, at most 47 characters. */
export const PANEL_TEXT_FIELD = text({ maxLength: PANEL_TEXT_MAX_LENGTH });

export const SELECTABLE_MODE_FIELD = oneOf(SELECTABLE_MODES);
