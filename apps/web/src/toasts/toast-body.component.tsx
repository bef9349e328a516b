export function ToastBody({ title, text }: { title?: string; text: string }) {
  return (
    <div className="toast-body-content">
      {title && <strong className="toast-body-content__title">{title}</strong>}
      <div>{text}</div>
    </div>
  );
}
