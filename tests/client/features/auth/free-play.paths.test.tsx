import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freePlayModel, freePlayModelEvents, type FreePlayModelEvent } from '../../../models/free-play.model';
import { createPathModel } from '../../../models/path-model';
import { accountHandlers, loginResult, memberInfo, refusal } from '../../../helpers/accounts-fixture';
import { expectSignedInAtHome, inPopup, openLoginFromHeader, PATH_TEST_TIMEOUT, siteHeader } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('loginPopupModal');

const model = createPathModel(freePlayModel, freePlayModelEvents);

/** Every screen by its shortest path, then every way to a demo session. */
const suites = [
  { title: 'every screen a user can reach', paths: model.getShortestPaths({ allowDuplicatePaths: true }) },
  { title: 'every way to a demo session', paths: model.getSimplePaths({ toState: (state) => state.matches('home') }) },
];

describe.each(suites)('[AUTH-42] [AUTH-43] [AUTH-47] [AUTH-50] free play from the login popup, $title (model-based)', ({ paths }) => {
  for (const path of paths) {
    it(path.description, async () => {
      // a password change left pending by an earlier session of this tab: a demo session drops it (AUTH-43)
      window.sessionStorage.setItem('cpw', '1');
      // rendered by the first action, which picks the site's free play flag
      let rendered: RenderedApp | null = null;
      const app = () => {
        if (!rendered) throw new Error('the login popup is not open yet');
        return rendered;
      };

      await path.test({
        events: {
          'loginPopup.open': async ({ event }) => {
            // cast: the executor's event is typed { type } only
            const { freePlay } = event as Extract<FreePlayModelEvent, { type: 'loginPopup.open' }>;
            rendered = await renderApp({
              path: '/promotions',
              accounts: true,
              permission: { flags: { FREEPLAY3: freePlay } },
              handlers: { ...accountHandlers(memberInfo(4, { account: 'trial01', nickname: 'Guest' })) },
            });
            await openLoginFromHeader(rendered.user);
          },
          'freePlay.start': async ({ event }) => {
            const { reply } = event as Extract<FreePlayModelEvent, { type: 'freePlay.start' }>;
            app().api.handle({
              freePlayLogin: () => {
                if (reply === 'refused') throw refusal('TOO_MANY_REQUESTS', 429);
                return loginResult({ token: 'trial-token' }, 4);
              },
            });
            await app().user.click(inDialog().getByRole('button', { name: 'auth:freePlay.start' }));
          },
        },
        states: {
          offerShown: async () => {
            expect(await inDialog().findByRole('button', { name: 'auth:freePlay.start' })).toBeEnabled();
            expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
          },
          noOfferShown: async () => {
            expect(await inDialog().findByLabelText('auth:fields.username')).toBeVisible();
            expect(inDialog().queryByRole('button', { name: 'auth:freePlay.start' })).not.toBeInTheDocument();
          },
          errorShown: async () => {
            expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:TOO_MANY_REQUESTS');
            // the visitor may try again, still a guest
            expect(inDialog().getByRole('button', { name: 'auth:freePlay.start' })).toBeEnabled();
            expect(window.sessionStorage.getItem('token')).toBeNull();
            expect(app().api.callsTo('memberInfo')).toHaveLength(0);
          },
          home: async () => {
            const { api, router, user } = app();
            await expectSignedInAtHome(router);
            // the call carries a completed bot-check (AUTH-33)
            expect(api.callsTo('freePlayLogin').at(-1)?.body).toMatchObject({ platform: 'W' });
            expect(api.callsTo('freePlayLogin').at(-1)?.body?.botCheck).toBeTruthy();
            expect(window.sessionStorage.getItem('token')).toBe('trial-token');
            expect(window.sessionStorage.getItem('cpw')).toBeNull();
            expect(api.callsTo('memberInfo').length).toBeGreaterThan(0);
            // the trial state: real-account actions are refused (AUTH-47)
            await user.click((await siteHeader()).getByRole('button', { name: 'common:actions.deposit' }));
            expect(await screen.findByText('common:in_need_true_account')).toBeVisible();
          },
        },
      });
    }, PATH_TEST_TIMEOUT);
  }
});
