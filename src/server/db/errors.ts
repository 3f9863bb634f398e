/**
 * Whether a database error may pass if the work is tried again: the connection was lost or refused,
 * the server is shutting down or short of resources, or the transaction lost a serialization or
 * deadlock race. Anything else (a refusal, a constraint, a bug) fails the same way every time.
 */
export const isTransientDbError = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(08|53|57P0|40001|40P01|E[A-Z]+$)/.test(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection error|timeout exceeded when trying to connect/i.test(message);
};
