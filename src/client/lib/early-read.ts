/**
 * A read asked for before the actor that needs it has started, and handed to that actor's first read (issue 15): the
 * balance is asked for beside a session's first member info, so the header's balance does not wait for the member info
 * and then for one more round trip. It is handed over once, and only under the session token it was asked with.
 */
export interface EarlyRead<T> {
  /** Asks for the read now, for the session holding `token`, in place of any earlier one not taken. */
  start(token: string): void;
  /** The read asked for under `token`, once; null when there is none (the caller reads for itself). */
  take(token: string | null): Promise<T> | null;
}

export const earlyRead = <T>(read: () => Promise<T>): EarlyRead<T> => {
  let pending: { token: string; answer: Promise<T> } | null = null;
  return {
    start: (token) => {
      const answer = read();
      // Its failure is reported by whichever read takes it; one never taken is dropped quietly.
      answer.catch(() => undefined);
      pending = { token, answer };
    },
    take: (token) => {
      const taken = pending;
      pending = null;
      return taken && taken.token === token ? taken.answer : null;
    },
  };
};
