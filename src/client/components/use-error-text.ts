import { useTranslation } from 'react-i18next';
import type { FlowError } from '@machines/shared/flow-error';
import type { FieldError } from '@shared/validation/messages';

/** Machines carry codes and message keys; these put them in words (STYLE.md C7). */
export const useErrorText = () => {
  // registration: the birthday check's message names its configured age (VAL-44).
  const { t } = useTranslation(['errors', 'validation', 'registration']);
  return {
    fieldError: (error: FieldError | null): string | null => (error ? t(error.key, error.params ?? {}) : null),
    flowError: (error: FlowError | null): string | null => (error ? t(`errors:${error.code}`) : null),
  };
};
