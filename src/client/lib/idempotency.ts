import { useRef } from 'react';

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export const newRequestId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The idempotency key of a money call (DESIGN.md, The ledger): sending the same body again after a
 * failure reuses the key, so a request that did go through is not made twice; another body, or a
 * success (`settle`), takes a new one.
 */
export const useIdempotencyKey = <B>() => {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor: (body: B): string => {
      const serialized = JSON.stringify(body);
      if (last.current?.body !== serialized) last.current = { body: serialized, key: newRequestId() };
      return last.current.key;
    },
    settle: () => {
      last.current = null;
    },
  };
};
