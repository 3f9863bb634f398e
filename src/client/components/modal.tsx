import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { afterNextPaint } from '@client/lib/next-task';

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

/** The open modals, bottom first: stacked by layer, and in opening order within a layer. */
let openStack: ReadonlyArray<{ id: string; layer: number }> = [];
const stackListeners = new Set<() => void>();
const setOpenStack = (next: typeof openStack) => {
  openStack = next;
  stackListeners.forEach((listener) => listener());
};
const subscribeToStack = (listener: () => void) => {
  stackListeners.add(listener);
  return () => stackListeners.delete(listener);
};

/** Whether another open modal sits above this one (a higher layer, or the same layer opened later). */
function useIsCovered(id: string, layer: number): boolean {
  useEffect(() => {
    setOpenStack([...openStack, { id, layer }].sort((a, b) => a.layer - b.layer));
    return () => setOpenStack(openStack.filter((entry) => entry.id !== id));
  }, [id, layer]);
  return useSyncExternalStore(subscribeToStack, () => {
    const top = openStack.at(-1);
    return top !== undefined && top.id !== id && openStack.some((entry) => entry.id === id);
  });
}

/** A dialog over the page: Escape or the backdrop closes it (when it may be closed), focus moves into it on open. */
export function Modal({ title, closeLabel, onClose, size = 'medium', layer = 0, children, footer }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // A covered modal is inert and hidden from assistive technology, so only the top one can be reached (aria-modal).
  const covered = useIsCovered(titleId, layer);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // Once the dialog has been drawn: focusing in the commit that mounts it made the browser compute the whole page's
    // style and layout there and then, in the commit's task (issue 15: an announcement opening at load made that task
    // the load's longest on a phone). A field the dialog focused itself (autoFocus), or the user's click, keeps it.
    const cancelFocus = afterNextPaint(() => {
      const dialog = dialogRef.current;
      if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
    });
    return () => {
      cancelFocus();
      // After the modal below has re-rendered without `inert`, or the focus would not land in it.
      setTimeout(() => previous?.focus?.());
    };
  }, []);

  // In a portal, so a modal opened from inside another (a confirm step) is not inside the one it covers, which is inert.
  return createPortal(
    <div className="modal-backdrop" style={{ zIndex: 1000 + layer }} inert={covered} aria-hidden={covered || undefined} onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
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
    </div>,
    document.body,
  );
}
