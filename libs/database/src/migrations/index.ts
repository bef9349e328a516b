import { InitialSchema1795244903302 } from './1795244903302-initial-schema.migration';
import { PanelCommandAudit1795300000000 } from './1795300000000-panel-command-audit.migration';
import { PanelNetworkConfigSeq1795400000000 } from './1795400000000-panel-network-config-seq.migration';
import { NotificationRecipient1795500000000 } from './1795500000000-notification-recipient.migration';

/** Every migration, oldest first. Listed by hand: no globs, so a build ships exactly these. */
export const MIGRATIONS = [InitialSchema1795244903302, PanelCommandAudit1795300000000, PanelNetworkConfigSeq1795400000000, NotificationRecipient1795500000000];
