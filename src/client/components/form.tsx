import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { TriangleAlert } from 'lucide-react';
import clsx from 'clsx';

interface FieldFrameProps {
  label: string;
  /** Already translated; shown under the field and tied to it with aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  /** Marked * (VAL-39); the control gets aria-required. */
  required?: boolean;
  /** Beside the control, e.g. a send-code button. */
  addon?: ReactNode;
}

function useFieldIds(error: string | null | undefined, hint: ReactNode) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function FieldFrame({ id, label, error, hint, required, addon, children }: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={clsx('form-field', error && 'form-field--invalid')}>
      <div className="form-field__label-row">
        <label htmlFor={id} className="form-field__label">
          {label}
        </label>
        {required && (
          <span className="form-field__required" aria-hidden>
            *
          </span>
        )}
      </div>
      <div className={clsx('form-field__control', addon !== undefined && 'form-field__control--addon')}>
        {children}
        {addon}
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="form-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>;

/** A labelled input with its error or hint; forms validate with the shared rules, not the browser. */
export function TextField({ label, error, hint, required, addon, className, ...input }: TextFieldProps) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} addon={addon}>
      <input
        id={id}
        className={clsx('input', className)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </FieldFrame>
  );
}

export type SelectFieldProps = FieldFrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'> & { children: ReactNode };

export function SelectField({ label, error, hint, required, addon, children, className, ...select }: SelectFieldProps) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} addon={addon}>
      <select id={id} className={clsx('input input--select', className)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  children: ReactNode;
  error?: string | null;
}

export function CheckboxField({ children, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={clsx('form-check', error && 'form-check--invalid')}>
      <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      <label htmlFor={id}>{children}</label>
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface FormTab<T extends string> {
  id: T;
  label: string;
}

/** Tabs that switch a form between its variants (login by username or SMS, register by username or mobile). */
export function FormTabs<T extends string>({ label, tabs, selected, onSelect }: { label: string; tabs: FormTab<T>[]; selected: T; onSelect: (id: T) => void }) {
  return (
    <div className="form-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          className="form-tabs__tab"
          aria-selected={tab.id === selected}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** A failure of the whole form (a refused call), announced to screen readers. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  return (
    <div className={clsx('form-alert', `form-alert--${tone}`)} role={tone === 'error' ? 'alert' : 'status'}>
      {tone === 'error' && <TriangleAlert aria-hidden size={18} />}
      <div>{children}</div>
    </div>
  );
}
