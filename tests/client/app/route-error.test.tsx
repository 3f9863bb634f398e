import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from '@client/app/route-error';
import { initI18n } from '@client/lib/i18n';

/** A screen that fails to render on /broken, as a screen with a bug would. */
function Screen() {
  if (useLocation().pathname === '/broken') throw new Error('screen bug');
  return <p>home screen</p>;
}

describe("a route's error boundary", () => {
  beforeAll(() => initI18n({ lng: 'cimode' }));

  it('shows the route error in place of the failed screen only, and going to another page shows that page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <header>site header</header>
        <RouteBoundary>
          <Screen />
        </RouteBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('shell:routeError.title')).toBeInTheDocument();
    expect(screen.getByText('site header')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'common:actions.backHome' }));
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(screen.queryByText('shell:routeError.title')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
