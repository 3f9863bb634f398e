import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import clsx from 'clsx';

export interface ModalProps {
  title: ReactNode;
  closeLabel: string;
  /** Absent for a dialog that must not be dismissed (a forced step): no close button, Escape or backdrop. */
  onClose?: () => void;
  size?: 'small' | 'medium' | 'large';
  /** Stacking: a later modal sits above an earlier one. */
  layer?: number;
  children?: ReactNode;
  footer?: ReactNode;
}

/** A dialog over the page: Escape or the backdrop closes it (when it may be closed), focus moves into it on open. */
export function Modal({ title, closeLabel, onClose, size = 'medium', layer = 0, children, footer }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => previous?.focus?.();
  }, []);

  return (
    <div className="modal-backdrop" style={{ zIndex: 1000 + layer }} onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={dialogRef}
        className={clsx('modal', `modal--${size}`)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose) {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button modal__close" aria-label={closeLabel} onClick={onClose}>
              <X aria-hidden size={20} />
            </button>
          )}
        </div>
        {children !== undefined && <div className="modal__body">{children}</div>}
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>
  );
}
