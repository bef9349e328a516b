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
}
