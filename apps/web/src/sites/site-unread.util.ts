/** Unread events of a site's panels together: the Events tab badge, and what opening them marks seen. */
export function panelUnreadTotal(perPanelCount: Record<string, number>): number {
  return Object.values(perPanelCount).reduce((sum, count) => sum + count, 0);
}
