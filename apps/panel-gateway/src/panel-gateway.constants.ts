/** Injection token of the PanelListenerConfig section. */
export const PANEL_LISTENER_CONFIG = Symbol('PanelListenerConfig');

/** Connections waiting to be accepted; the kernel lowers it to net.core.somaxconn (4096 on most). */
export const PANEL_ACCEPT_BACKLOG = 8192;
