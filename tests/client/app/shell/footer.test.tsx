import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetShell } from '../../../helpers/render-app';

const footer = () => screen.getByRole('contentinfo');

beforeEach(() => resetShell());

describe('footer', () => {
  it('[SHELL-44] shows help links, products, follow-us text, the responsible-gaming image and the vendor logos', async () => {
    await renderApp();
    await screen.findByTestId('index-view');
    const help = within(footer()).getByRole('navigation', { name: 'shell:footer.help' });
    expect(within(help).getByRole('link', { name: 'shell:footer.helpLinks.term' })).toHaveAttribute('href', '/help#term');
    const products = within(footer()).getByRole('navigation', { name: 'shell:footer.products' });
    expect(within(products).getByRole('link', { name: 'common:gameTypes.LIVE' })).toHaveAttribute('href', '/live');
    expect(within(footer()).getByText('shell:footer.followUsText')).toBeInTheDocument();
    expect(within(footer()).getByRole('img', { name: 'shell:footer.responsibleGamingImage' })).toBeInTheDocument();
    const partners = within(footer()).getByRole('region', { name: 'shell:footer.partners' });
    expect(within(partners).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS']);
    expect(within(partners).getByRole('img', { name: 'EG2' })).toHaveAttribute('src', '/static/vendors/eg2.svg');
  });

  it('[SHELL-45] shows social icons only when social resources are configured', async () => {
    await renderApp({ permission: { resources: [{ resourceType: 'YOUTUBE', url: 'https://yt.example.test/c', labelNameEn: 'YouTube' }] } });
    await screen.findByTestId('index-view');
    const followUs = within(footer()).getByRole('region', { name: 'shell:footer.followUs' });
    expect(within(followUs).getByRole('link', { name: 'YouTube' })).toHaveAttribute('href', 'https://yt.example.test/c');
  });

  it('[SHELL-45] shows no social icons when none are configured', async () => {
    await renderApp({ permission: { resources: [{ resourceType: 'IOS', url: 'https://x.example.test/ios', labelNameEn: 'iOS' }] } });
    await screen.findByTestId('index-view');
    const followUs = within(footer()).getByRole('region', { name: 'shell:footer.followUs' });
    expect(within(followUs).queryAllByRole('link')).toHaveLength(0);
    expect(within(followUs).getByText('shell:footer.followUsText')).toBeInTheDocument();
  });
});
