import { PANEL_KEY_PATTERN } from '../constants/limits.constants';
import { matching } from './command-fields.util';
import { definePanelCommand } from './panel-command.definition';

/**
 * The gateway challenges the panel to prove it holds this admin key (a user entered it with a
 * claim). Sent by portal-api alone. The key never reaches the panel: the wire carries a fresh nonce,
 * and the gateway checks the panel's proof against the key.
 */
export const keyProofCommand = definePanelCommand({
  kind: 'keyProof',
  summary: 'Prove the panel holds an admin key: answer HMAC-SHA256(admin key, nonce) as `proof`',
  fields: { key: matching(PANEL_KEY_PATTERN, 'exactly 4 digits') },
  wireFields: { nonce: matching(/^[0-9a-f]{64}$/, '64 lowercase hex characters') },
  since: 2,
  needsCloudControl: false,
  auditLabel: 'Key check',
  webLabel: 'Key check',
  example: { key: '1234' },
});
