/** Injection token of the PanelListenerConfig section. */
export const PANEL_LISTENER_CONFIG = Symbol('PanelListenerConfig');
