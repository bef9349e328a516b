import { useAppSelector } from '../shared/store-hooks';
import type { ToastSpec } from './toast.types';
import { selectShownToast } from './toasts.selectors';

export function ToastBody({ title, text, badge }: { title?: string; text: string; badge?: string }) {
  return (
    <div className="toast-body-content">
      {title && <strong className="toast-body-content__title">{title}</strong>}
      {badge && <span className="badge text-bg-warning ms-2 toast-body-content__badge">{badge}</span>}
      <div>{text}</div>
    </div>
  );
}

/**
 * The body of a toast that changes while it shows: its latest text from the store, so that a toast
 * still waiting its turn (react-toastify cannot update those) shows the latest when it appears.
 */
export function ChangingToastBody({ spec }: { spec: ToastSpec & { id: string } }) {
  const latest = useAppSelector((state) => selectShownToast(state, spec.id)) ?? spec;
  return <ToastBody title={latest.title} text={latest.text} badge={latest.badge} />;
}
