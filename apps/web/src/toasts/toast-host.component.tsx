import { TOAST_ANIMATION_MS, TOAST_AUTO_DISMISS_MS } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { cssTransition, ToastContainer } from 'react-toastify';
import { ALARM_TOASTS_CONTAINER, TOAST_LIMIT } from './toasts.constants';

/** Toasts fade in and out in the spec's 400 ms. */
const fade = cssTransition({
  enter: 'toast-fade-enter',
  exit: 'toast-fade-exit',
  collapseDuration: TOAST_ANIMATION_MS,
});

const DOCK_AIR_PX = 8;

/**
 * The page keeps room below its content as tall as the toasts (--toast-dock-height, app.css), so
 * that whatever a toast lies over can be scrolled clear of it, and scrolling to a focused control
 * stops above them.
 */
function useDockHeightOnPage(dock: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = dock.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      // From the top of the toasts to the bottom of the screen (their distance from its edge
      // included), and a little air, so that a control scrolled into view stops clear of them.
      const { top, height } = element.getBoundingClientRect();
      const room = height > 0 ? Math.ceil(window.innerHeight - top) + DOCK_AIR_PX : 0;
      root.style.setProperty('--toast-dock-height', `${room}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-dock-height');
    };
  }, [dock]);
}

/**
 * One column of toasts in the bottom-right corner (the full width at the bottom on a phone): fire
 * and fault toasts in a container of their own, never waiting; the others at most TOAST_LIMIT at once.
 */
export function ToastHost() {
  const dock = useRef<HTMLDivElement>(null);
  useDockHeightOnPage(dock);
  return (
    <div className="toast-dock" ref={dock}>
      <ToastContainer
        position="bottom-right"
        autoClose={TOAST_AUTO_DISMISS_MS}
        transition={fade}
        newestOnTop
        limit={TOAST_LIMIT}
      />
      <ToastContainer
        containerId={ALARM_TOASTS_CONTAINER}
        position="bottom-right"
        autoClose={TOAST_AUTO_DISMISS_MS}
        transition={fade}
        newestOnTop
      />
    </div>
  );
}
