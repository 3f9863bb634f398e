import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FieldRules } from '@shared/contract/system';
import { sessionCacheKey, useApiQuery } from '@client/state/queries';
import { PLAYER, renderApp, resetShell } from '../../helpers/render-app';

/** A screen that reads the validation rules as the register popup and registerCenter do. */
function RulesProbe() {
  const rules = useApiQuery('registerSettings');
  return (
    <output data-testid="rules" data-failed={rules.isError || undefined}>
      {rules.data ? JSON.stringify(rules.data) : 'none'}
    </output>
  );
}

const OLD_RULES: FieldRules = { affiliateCode: { enabled: true, required: false } };
const NEW_RULES: FieldRules = { affiliateCode: { enabled: true, required: true }, email: { enabled: false, required: false } };

const STORAGE_KEY = sessionCacheKey('registerSettings');
const stored = (): unknown => {
  const raw = window.sessionStorage.getItem(STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as { answers: Record<string, unknown> }).answers.null;
};
const shown = () => screen.getByTestId('rules').textContent;

/** A server answer the test releases when it wants. */
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

beforeEach(() => resetShell());

describe('session storage caches (CONST-06)', { timeout: 20_000 }, () => {
  it('[CONST-06] the validation rules read from the server are kept in session storage', async () => {
    const { api } = await renderApp({ handlers: { registerSettings: () => NEW_RULES }, extra: <RulesProbe /> });
    await waitFor(() => expect(shown()).toBe(JSON.stringify(NEW_RULES)));
    await waitFor(() => expect(stored()).toEqual(NEW_RULES));
    expect(api.callsTo('registerSettings')).toHaveLength(1);
  });

  it('[CONST-06] stored validation rules are shown at once, then refreshed from the server and stored again', async () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ language: '*', answers: { null: OLD_RULES } }));
    const answer = deferred<FieldRules>();
    const { api } = await renderApp({ handlers: { registerSettings: () => answer.promise }, extra: <RulesProbe /> });
    // Before the server answers, the stored rules are there.
    await waitFor(() => expect(shown()).toBe(JSON.stringify(OLD_RULES)));
    await waitFor(() => expect(api.callsTo('registerSettings')).toHaveLength(1));
    await act(async () => answer.resolve(NEW_RULES));
    await waitFor(() => expect(shown()).toBe(JSON.stringify(NEW_RULES)));
    await waitFor(() => expect(stored()).toEqual(NEW_RULES));
  });

  it('[CONST-06] stored rules stay when the refresh fails', async () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ language: '*', answers: { null: OLD_RULES } }));
    const { api } = await renderApp({ extra: <RulesProbe /> });
    await waitFor(() => expect(api.callsTo('registerSettings')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('rules')).toHaveAttribute('data-failed', 'true'));
    expect(shown()).toBe(JSON.stringify(OLD_RULES));
    expect(stored()).toEqual(OLD_RULES);
  });

  it('[CONST-06] [AUTH-17] logout clears the cached validation rules and merchant wallet', async () => {
    const { signOut } = await renderApp({ member: PLAYER });
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ language: '*', answers: { null: OLD_RULES } }));
    window.sessionStorage.setItem('merchantWallet', JSON.stringify({ isSingle: false }));
    await signOut();
    await waitFor(() => expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull());
    expect(window.sessionStorage.getItem('merchantWallet')).toBeNull();
  });
});
