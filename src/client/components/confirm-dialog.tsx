import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, closeLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      closeLabel={closeLabel}
      onClose={onCancel}
      size="small"
      layer={50}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="confirm-dialog__text">{text}</p>
    </Modal>
  );
}
