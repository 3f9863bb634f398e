// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { earlyRead } from '@client/lib/early-read';

describe('a read asked for early', () => {
  it('is handed once to a reader of the same session token, and to none of another', async () => {
    let reads = 0;
    const balance = earlyRead(async () => ++reads);
    expect(balance.take('a')).toBeNull();

    balance.start('a');
    expect(reads).toBe(1);
    await expect(balance.take('a')).resolves.toBe(1);
    expect(balance.take('a')).toBeNull();

    balance.start('a');
    // Another member's session (a logout and a login before the read was taken) reads for itself.
    expect(balance.take('b')).toBeNull();
    expect(balance.take('a')).toBeNull();
    expect(balance.take(null)).toBeNull();
  });

  it('a newer start replaces one not taken', async () => {
    let reads = 0;
    const balance = earlyRead(async () => ++reads);
    balance.start('a');
    balance.start('b');
    expect(balance.take('a')).toBeNull();
    balance.start('b');
    await expect(balance.take('b')).resolves.toBe(3);
  });

  it('a failed read is the taker\'s to report, and one never taken fails quietly', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const balance = earlyRead(() => Promise.reject(new Error('NETWORK')));
      balance.start('a');
      await expect(balance.take('a')).rejects.toThrow('NETWORK');
      balance.start('a');
      balance.start('b');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
