import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ModalKind as PopupKind } from '@machines/app/popup-queue.types';
import { describePaths as describeMachinePaths } from '../models/describe-paths';
import type { MachinePath, MachinePaths, PathStep } from '../models/machine-paths';
import { refusal } from './accounts-fixture';
import type { RenderedApp } from './render-app';

/** What the UI path tests (`*.paths.test.tsx`) share: they replay registered paths through the account popups. */

/** A path replays a whole flow through the rendered app, home page included: on a loaded machine that takes seconds. */
export const PATH_TEST_TIMEOUT = 20_000;

/** Queries inside the open popup of this kind (its dialog is named by the kind's title key). */
export const inPopup = (kind: PopupKind) => within(screen.getByRole('dialog', { name: `shell:popups.${kind}` }));

/** Replaces what a field holds, as a user would; an empty `value` leaves it empty. */
export const retype = async (user: UserEvent, field: HTMLElement, value: string): Promise<void> => {
  await user.clear(field);
  if (value) await user.type(field, value);
};

/**
 * The site header. Testing Library gives every <header> the banner role, even one heading a section
 * (the home rows), so this is the first one: the site's, which comes before the page.
 */
export const siteHeader = async () => within((await screen.findAllByRole('banner'))[0]!);

/** A guest opens the login popup from the header's login button. */
export const openLoginFromHeader = async (user: UserEvent): Promise<void> => {
  await user.click(await (await siteHeader()).findByRole('button', { name: 'common:actions.login' }));
  await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
};

/** Where a flow that starts a session ends: no popup left, the avatar menu in the header, at `/`. */
export const expectSignedInAtHome = async (router: RenderedApp['router']): Promise<void> => {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await (await siteHeader()).findByRole('button', { name: 'shell:header.avatarMenu' })).toBeVisible();
  expect(router.location.pathname).toBe('/');
};

/** What the fake server answers for a step in which the machine's actor is answered: its output, or its error thrown. */
export const answerOf =
  <T>(step: PathStep) =>
  (): T => {
    const { output, error } = step.event as unknown as { output?: T; error?: { code: string; details?: unknown } };
    if (error) throw refusal(error.code, 400, error.details);
    return output as T;
  };

/** The error code a step's actor fails with, or null when it answers. */
export const errorCodeOf = (step: PathStep): string | null =>
  step.event.type.startsWith('xstate.error.actor.') ? (step.event as unknown as { error: { code: string } }).error.code : null;

/** One test per registered path of the machine, named by its id and XState's description of it. */
export const describePaths = (title: string, entry: MachinePaths, replay: (path: MachinePath) => Promise<void>, timeout = PATH_TEST_TIMEOUT) =>
  describeMachinePaths(title, entry, replay, timeout);
