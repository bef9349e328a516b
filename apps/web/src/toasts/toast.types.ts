export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/** One toast as the app asks for it; the toasts saga shows it with react-toastify. */
export interface ToastSpec {
  kind: ToastKind;
  text: string;
  title?: string;
  /** A short mark beside the title: 'Test' for an event that arrived during its site's test mode. */
  badge?: string;
  /** Auto-dismiss after this many ms; the spec's default is 5000. */
  durationMs?: number;
  /**
   * A toast that changes while it shows (a site's gathered events): asked again with the same id,
   * it is updated in place, its text and its time on screen, instead of shown a second time.
   */
  id?: string;
  /** Fire and fault: shown at once, never waiting behind the other toasts (see toasts.constants.ts). */
  alarm?: true;
}
