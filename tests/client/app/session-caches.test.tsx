import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '@shared/contract/http';
import type { FieldRules } from '@shared/contract/system';
import { sessionCacheKey, useApiQuery } from '@client/state/queries';
import { useSelector } from '@xstate/react';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { selectLoginState } from '@machines/auth/session.selectors';
import { useAppActor, type SessionRef } from '@client/state/app-actor';
import { PLAYER, renderApp, resetShell } from '../../helpers/render-app';

/**
 * A screen with a read every caller shares (the game menus) and one a member token changes (the promotions); it renders
 * again when the session changes, as the lobby's views do.
 */
function LobbyProbe() {
  const session = useSelector(useAppActor(), (snapshot) => snapshot.children[SYSTEM_IDS.session] as SessionRef | undefined);
  return session ? <LobbyReads session={session} /> : null;
}

function LobbyReads({ session }: { session: SessionRef }) {
  useSelector(session, selectLoginState);
  const menus = useApiQuery('gameMenus');
  const promotions = useApiQuery('promotionList');
  return (
    <>
      <output data-testid="menus">{menus.data ? JSON.stringify(menus.data) : 'none'}</output>
      <output data-testid="promotions">{promotions.data ? JSON.stringify(promotions.data) : 'none'}</output>
    </>
  );
}

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

describe('the read cache across a change of member', { timeout: 20_000 }, () => {
  it('a login and a logout keep the reads every caller shares and read again what depends on the member', async () => {
    const menus: ResponseOf<'gameMenus'> = [{ gameCategory: 'SLOTS', title: 'Slots', gameClassify: '', cards: [] }];
    let promotionReads = 0;
    const { api, signIn, signOut } = await renderApp({
      path: '/download',
      handlers: { gameMenus: () => menus, promotionList: () => ({ list: [], reads: ++promotionReads }) as never },
      extra: <LobbyProbe />,
    });
    await waitFor(() => expect(screen.getByTestId('promotions').textContent).toContain('"reads":1'));
    const menuReads = api.callsTo('gameMenus').length;
    expect(menuReads).toBeGreaterThan(0);

    await signIn(PLAYER);
    // The promotions are read again for the member; the menus stay on screen without a call.
    await waitFor(() => expect(screen.getByTestId('promotions').textContent).toContain('"reads":2'));
    expect(screen.getByTestId('menus').textContent).toBe(JSON.stringify(menus));
    await signOut();
    await waitFor(() => expect(screen.getByTestId('promotions').textContent).toContain('"reads":3'));
    expect(screen.getByTestId('menus').textContent).toBe(JSON.stringify(menus));
    expect(api.callsTo('gameMenus')).toHaveLength(menuReads);
  });
});
