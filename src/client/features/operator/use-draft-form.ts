import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from './field-errors';

export interface DraftFormOptions<D, R> {
  /** The contract's request schema: the request is checked with it before anything is sent. */
  schema: z.ZodType;
  /** The request the draft stands for: what the schema checks and what the form sends. */
  toRequest: (draft: D) => R;
  /** A field's own message, said instead of the generic one (required, too long, invalid) when that field fails. */
  messages?: FieldErrors;
  /** Checks the schema cannot make (one field against another); their messages win over the schema's. */
  check?: (request: R, draft: D) => FieldErrors;
}

export interface DraftForm<D, R> {
  draft: D;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  /** The translated problem of each field, from the last `validate`. */
  errors: FieldErrors;
  request: () => R;
  /** Checks the request and shows its problems; true when there are none (an `ActionDialog`'s `validate`). */
  validate: () => boolean;
}

/**
 * An operator form kept as a draft of what was typed (strings for figures), checked on submit with
 * the contract's request schema, each field's first problem shown under it.
 */
export function useDraftForm<D extends object, R>(initial: D | (() => D), { schema, toRequest, messages = {}, check }: DraftFormOptions<D, R>): DraftForm<D, R> {
  const { t } = useTranslation('operator');
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const request = () => toRequest(draft);

  const validate = () => {
    const body = request();
    const next = fieldErrors(schema.safeParse(body), t);
    for (const [field, message] of Object.entries(messages)) if (next[field] && message) next[field] = message;
    for (const [field, message] of Object.entries(check?.(body, draft) ?? {})) if (message) next[field] = message;
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  return { draft, set, errors, request, validate };
}
