import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ServerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { toErrorCode, type ApiErrorCode } from '@shared/contract/errors';
import { EmptyState } from '@client/components/empty-state';
import { Modal } from '@client/components/modal';
import { Spinner } from '@client/components/spinner';

/** The server's reason, translated (errors:<CODE>). */
export function OpsError({ code }: { code: ApiErrorCode }) {
  const { t } = useTranslation('errors');
  return (
    <p className="ops-alert ops-alert--error" role="alert">
      {t(code)}
    </p>
  );
}

/** A short confirmation after an action went through. */
export function OpsNotice({ children }: { children: ReactNode }) {
  return (
    <p className="ops-alert ops-alert--success" role="status">
      {children}
    </p>
  );
}

/** What a page shows for a call this server does not offer (501): no figures at all. */
function Unavailable() {
  const { t } = useTranslation('operator');
  return <EmptyState icon={ServerOff} title={t('unavailable.title')} text={t('unavailable.text')} />;
}

interface QueryViewProps<T> {
  query: UseQueryResult<T, unknown>;
  children: (data: T) => ReactNode;
}

/** A read's three faces: loading, its data, or why there is none (not on this server, or an error to retry). */
export function QueryView<T>({ query, children }: QueryViewProps<T>) {
  const { t } = useTranslation(['operator', 'common']);
  if (query.isPending) {
    return (
      <div className="ops-loading">
        <Spinner label={t('common:loading')} />
      </div>
    );
  }
  if (query.isError) {
    const code = toErrorCode(query.error);
    if (code === 'NOT_IMPLEMENTED') return <Unavailable />;
    return (
      <div className="ops-failed">
        <OpsError code={code} />
        <button type="button" className="button button--ghost button--compact" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

export function Pager({ pageNum, totalPages, onPage }: { pageNum: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('operator');
  if (totalPages <= 1) return null;
  return (
    <nav className="ops-pager" aria-label={t('pager.label')}>
      <button type="button" className="icon-button" onClick={() => onPage(pageNum - 1)} disabled={pageNum <= 1} aria-label={t('pager.previous')}>
        <ChevronLeft aria-hidden size={18} />
      </button>
      <span className="ops-pager__text">{t('pager.text', { page: pageNum, pages: totalPages })}</span>
      <button type="button" className="icon-button" onClick={() => onPage(pageNum + 1)} disabled={pageNum >= totalPages} aria-label={t('pager.next')}>
        <ChevronRight aria-hidden size={18} />
      </button>
    </nav>
  );
}

export type StatusTone = 'ok' | 'warn' | 'bad' | 'info' | 'muted';

export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={clsx('ops-status', `ops-status--${tone}`)}>{children}</span>;
}

/** A labelled form control with its hint and its error, wired for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | null;
  hint?: string;
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ops-field">
      <label className="ops-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="ops-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ops-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface ActionDialogProps {
  title: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Checked before anything is sent; false keeps the dialog open (the form shows why). */
  validate?: () => boolean;
  /** The action. The dialog closes when it succeeds, and stays open with the server's reason when it fails. */
  run: () => Promise<unknown>;
  onClose: () => void;
  size?: 'small' | 'medium' | 'large';
  children?: ReactNode;
}

/** A confirmation (with or without a form) around one operator action. */
export function ActionDialog({ title, confirmLabel, tone = 'primary', validate, run, onClose, size = 'small', children }: ActionDialogProps) {
  const { t } = useTranslation('common');
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorCode | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  // A long form scrolls inside the dialog: bring the server's reason into view.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || (validate && !validate())) return;
    setBusy(true);
    setError(null);
    try {
      await run();
      onClose();
    } catch (failure) {
      setError(toErrorCode(failure));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={title}
      closeLabel={t('actions.close')}
      onClose={busy ? undefined : onClose}
      size={size}
      layer={50}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </button>
          <button type="submit" form={formId} className={clsx('button', tone === 'danger' ? 'ops-button--danger' : 'button--primary')} disabled={busy} aria-busy={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="ops-form" onSubmit={(e) => void submit(e)} noValidate>
        {children}
        <div ref={errorRef}>{error && <OpsError code={error} />}</div>
      </form>
    </Modal>
  );
}

export interface OpsColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
  /** ops-num (right-aligned figures), ops-nowrap, ops-mono. */
  className?: string;
}

/** A console list as a table; on a phone each row becomes a card of label–value lines. */
export function OpsTable<T>({ caption, columns, rows, rowKey }: { caption: string; columns: OpsColumn<T>[]; rows: readonly T[]; rowKey: (row: T) => string | number }) {
  return (
    <div className="ops-table-wrap">
      <table className="ops-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.className}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.label} className={column.className} data-label={column.label}>
                  <div className="ops-cell">{column.render(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
