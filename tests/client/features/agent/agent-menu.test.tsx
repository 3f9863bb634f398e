import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gmtOffsetLabel } from '@client/features/agent/components/agent-clock';
import { resetShell } from '../../../helpers/render-app';
import { agentPath, contractInfo, renderAgentCenter } from './agent-kit';

beforeEach(() => {
  resetShell();
});
afterEach(() => vi.useRealTimers());

const menu = () => screen.findByRole('navigation', { name: 'shell:screens.agentHome' });
const currentEntries = (nav: HTMLElement) => within(nav).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');

describe('agent center menu', { timeout: 30_000 }, () => {
  it('[AGENT-04] [AGENT-05] exactly one entry is marked current, the open page, and it moves with the page', async () => {
    const { user, router } = await renderAgentCenter({ path: '/agentHome', handlers: { agentOverview: () => new Promise(() => {}) } });
    const nav = await menu();
    expect(currentEntries(nav).map((link) => link.textContent)).toEqual(['shell:agentPages.agentTeamOverview']);
    await user.click(within(nav).getByRole('link', { name: 'shell:agentPages.agentRevenueReport' }));
    await waitFor(() => expect(router.location.search).toBe('?page=agentRevenueReport'));
    expect(currentEntries(nav).map((link) => link.textContent)).toEqual(['shell:agentPages.agentRevenueReport']);
    expect(within(nav).getByRole('link', { name: 'shell:agentPages.agentTeamOverview' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'shell:agentPages.agentRevenueReport' })).not.toHaveClass('active');
  });

  it('[AGENT-05] [AGENT-06] the contract entries show only where consolidatedContractInfo turns their marker on', async () => {
    await renderAgentCenter({
      path: agentPath('agentAnnouncement'),
      handlers: { consolidatedContractInfo: () => contractInfo({ salary: true, agentRealtimeSalary: true }), agentAnnouncements: () => new Promise(() => {}) },
    });
    const nav = await menu();
    await within(nav).findByRole('link', { name: 'shell:agentPages.agentDailyWages2' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'shell:agentPages.agentAnnouncement',
      'shell:agentPages.agentTeamOverview',
      'shell:agentPages.registerCenter',
      'shell:agentPages.downlineManagmentView',
      'shell:agentPages.personalHistoryCopy',
      'shell:agentPages.palStatementsAgentCopy',
      'shell:agentPages.agentRevenueReport',
      'shell:agentPages.agentDownlineTransactionDetailsCopy',
      'shell:agentPages.agentDailyWages2',
      'shell:agentPages.agentRealtimeSalary',
    ]);
  });

  it('[AGENT-06] without an answer from consolidatedContractInfo no contract entry shows', async () => {
    await renderAgentCenter({ path: agentPath('agentAnnouncement'), handlers: { consolidatedContractInfo: undefined, agentAnnouncements: () => new Promise(() => {}) } });
    const nav = await menu();
    expect(within(nav).getAllByRole('link')).toHaveLength(8);
  });

  it('[AGENT-08] the menu shows the GMT offset, the nickname and a clock that ticks every second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date(2026, 10, 20, 8, 30, 5) });
    await renderAgentCenter({ path: agentPath('agentAnnouncement'), handlers: { agentAnnouncements: () => new Promise(() => {}) } });
    const aside = (await screen.findByRole('complementary', { name: 'shell:screens.agentHome' })) as HTMLElement;
    expect(within(aside).getByText('Boss Eight')).toBeInTheDocument();
    expect(within(aside).getByText(gmtOffsetLabel(new Date(2026, 10, 20)))).toBeInTheDocument();
    const clock = within(aside).getByLabelText('agent:menu.clock');
    expect(clock).toHaveTextContent('2026-11-20 08:30:05');
    act(() => vi.advanceTimersByTime(1000));
    expect(clock).toHaveTextContent('2026-11-20 08:30:06');
    act(() => vi.advanceTimersByTime(59_000));
    expect(clock).toHaveTextContent('2026-11-20 08:31:05');
  });

  it('[AGENT-07] [AGENT-08] the menu offers deposit, withdraw, messages, customer service and logout', async () => {
    await renderAgentCenter({ path: agentPath('agentAnnouncement'), handlers: { agentAnnouncements: () => new Promise(() => {}) } });
    const aside = (await screen.findByRole('complementary', { name: 'shell:screens.agentHome' })) as HTMLElement;
    expect(within(aside).getByRole('link', { name: 'common:actions.deposit' })).toHaveAttribute('href', '/member?page=depositv2');
    expect(within(aside).getByRole('link', { name: 'common:actions.withdraw' })).toHaveAttribute('href', '/member?page=withdraw');
    expect(within(aside).getByRole('link', { name: 'shell:sideMenu.messages' })).toHaveAttribute('href', '/member?page=messageV2');
    expect(within(aside).getByRole('button', { name: 'shell:customerService' })).toBeVisible();
    expect(within(aside).getByRole('button', { name: 'common:actions.logout' })).toBeVisible();
  });
});
