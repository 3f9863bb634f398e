import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ActionDialog, Field } from './ops-ui';

export interface TextActionDialogProps {
  title: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** What the action is about (the order, the member), shown above the text box. */
  summary?: ReactNode;
  label: string;
  hint?: string;
  /** The contract's own schema for the field (a reason, an optional note); the text is checked with it first. */
  schema: z.ZodType<string | undefined>;
  /** Shown when the schema refuses the text. */
  invalidMessage: string;
  /** Receives the trimmed text, or undefined when it was left empty. */
  run: (value: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

/** An action that carries one text: a required reason, or an optional note or reference. */
export function TextActionDialog({ title, confirmLabel, tone, summary, label, hint, schema, invalidMessage, run, onClose }: TextActionDialogProps) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const value = text.trim() || undefined;

  return (
    <ActionDialog
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      size="medium"
      validate={() => {
        const ok = schema.safeParse(value).success;
        setInvalid(!ok);
        return ok;
      }}
      run={() => run(value)}
      onClose={onClose}
    >
      {summary}
      <Field label={label} hint={hint} error={invalid ? invalidMessage : null}>
        {(control) => <textarea {...control} className="ops-input ops-textarea" rows={3} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
    </ActionDialog>
  );
}
