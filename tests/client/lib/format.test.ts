import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@client/lib/format';

describe('formatDateTime', () => {
  it('[MSG-05] shows a time as yyyy-MM-dd HH:mm:ss in the viewer\'s time zone, hours to 24', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 20, 4, 5).toISOString())).toBe('2026-01-02 20:04:05');
    expect(formatDateTime(new Date(2026, 10, 26, 8, 0, 0).toISOString())).toBe('2026-11-26 08:00:00');
  });

  it('shows a dash for no time and the text itself when it is not a time', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
