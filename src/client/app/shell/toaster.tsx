import { useEffect } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts, type Toast } from '@client/state/ui-state';

const TOAST_VISIBLE_MS = 6000;

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <li className={`toast toast--${toast.tone}`} role={toast.tone === 'info' ? 'status' : 'alert'}>
      <span>{toast.text}</span>
      <button type="button" className="icon-button icon-button--small" onClick={() => dismissToast(toast.id)} aria-label={t('actions.close')}>
        <X aria-hidden size={14} />
      </button>
    </li>
  );
}

export function Toaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <ul className="toaster">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ul>
  );
}
