import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n, withTexts } from '@client/lib/i18n';

beforeAll(() => initI18n({ lng: 'en' }));

describe('a lazy chunk with its texts (withTexts)', () => {
  it('renders its texts in its first render: it never waits on useTranslation, a thrown promise React 19 can loop on under act()', async () => {
    const textsLoadedAtRender: boolean[] = [];
    function VipTitle() {
      textsLoadedAtRender.push(i18next.hasLoadedNamespace('vip'));
      const { t } = useTranslation('vip');
      return <h2>{t('title')}</h2>;
    }
    expect(i18next.hasLoadedNamespace('vip')).toBe(false);
    const Lazy = lazy(withTexts(async () => ({ default: VipTitle }), ['vip']));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'VIP' })).toBeInTheDocument();
    expect(textsLoadedAtRender.length).toBeGreaterThan(0);
    expect(textsLoadedAtRender.every(Boolean)).toBe(true);
  });
});
