import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '@client/lib/i18n';

/** A text from a namespace no screen has loaded (as a toast from an actor shows). */
function RecordsText() {
  const { i18n } = useTranslation('common');
  return <p data-testid="records-text">{i18n.t('records:betting.caption')}</p>;
}

/** A screen's text of a startup namespace, counting its renders. */
let headerRenders = 0;
function HeaderText() {
  const { t } = useTranslation('common');
  headerRenders += 1;
  return <p>{t('appName')}</p>;
}

beforeEach(async () => {
  window.localStorage.clear();
  await initI18n({ lng: 'ty' });
});

describe('translations on a page that loads more namespaces', () => {
  it('a text of a namespace nobody loaded shows once that namespace has come in, in place of its key', async () => {
    expect(i18next.hasResourceBundle('ty', 'records')).toBe(false);
    render(<RecordsText />);
    expect(await screen.findByText('Các lần cược')).toHaveAttribute('data-testid', 'records-text');
    expect(i18next.hasResourceBundle('ty', 'records')).toBe(true);
  });

  it('a namespace a screen loads for itself re-renders none of the texts already shown', async () => {
    render(<HeaderText />);
    const before = headerRenders;
    expect(i18next.hasResourceBundle('ty', 'wallet')).toBe(false);
    await act(() => i18next.loadNamespaces('wallet'));
    expect(i18next.hasResourceBundle('ty', 'wallet')).toBe(true);
    expect(headerRenders).toBe(before);
  });
});
