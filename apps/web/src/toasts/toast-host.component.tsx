import { TOAST_ANIMATION_MS, TOAST_AUTO_DISMISS_MS } from '@app/contracts';
import { cssTransition, ToastContainer } from 'react-toastify';

/** Toasts fade in and out in the spec's 400 ms. */
const fade = cssTransition({
  enter: 'toast-fade-enter',
  exit: 'toast-fade-exit',
  collapseDuration: TOAST_ANIMATION_MS,
});

export function ToastHost() {
  return <ToastContainer position="bottom-right" autoClose={TOAST_AUTO_DISMISS_MS} transition={fade} newestOnTop />;
}
