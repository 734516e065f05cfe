/** A danger alert with a bold header and a close button (the spec's "dismissible danger alert"). */
export function DismissibleAlert({ title, message, onDismiss }: { title: string; message: string; onDismiss: () => void }) {
  return (
    <div className="form-alert form-alert--danger form-alert--dismissible" role="alert">
      <div>
        <strong>{title}</strong> {message}
      </div>
      <button type="button" className="form-alert__close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
