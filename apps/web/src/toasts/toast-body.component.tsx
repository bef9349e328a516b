export function ToastBody({ title, text, badge }: { title?: string; text: string; badge?: string }) {
  return (
    <div className="toast-body-content">
      {title && <strong className="toast-body-content__title">{title}</strong>}
      {badge && <span className="badge text-bg-warning ms-2 toast-body-content__badge">{badge}</span>}
      <div>{text}</div>
    </div>
  );
}
