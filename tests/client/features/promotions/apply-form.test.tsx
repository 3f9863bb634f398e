import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetShell } from '../../../helpers/render-app';
import { loadScreens, promotion, renderPromotions } from './promotions-kit';

beforeAll(() => loadScreens(), 60_000);
beforeEach(() => resetShell());

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const openForm = async () => {
  const app = await renderPromotions({ handlers: { promotionApply: () => promotion({ promotionId: 2, status: 'APPLYING' }) } });
  await app.user.click(within(await screen.findByTestId('promotion-2')).getByRole('button', { name: 'Apply' }));
  return { ...app, dialog: await screen.findByRole('dialog') };
};

describe('application form', { timeout: 30_000 }, () => {
  it('[MEMBER-12] sends the comment and the picked images, then says the application was sent', async () => {
    const { user, api, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Comment'), 'Deposit receipt attached');
    await user.upload(within(dialog).getByLabelText('Add images', { selector: 'input' }), [png('receipt.png')]);
    expect(within(dialog).getByRole('list', { name: 'Picked images' })).toHaveTextContent('receipt.png');
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Your application for First deposit bonus was sent.')).toBeInTheDocument();
    const [call] = api.callsTo('promotionApply');
    expect(call!.body).toMatchObject({ promotionId: 2, comment: 'Deposit receipt attached' });
    expect(call!.body!.images).toHaveLength(1);
  });

  it('[VAL-40] a comment over 140 characters is flagged and cannot be sent', async () => {
    const { user, api, dialog } = await openForm();
    const comment = within(dialog).getByLabelText('Comment');
    await user.click(comment);
    await user.paste('x'.repeat(140));
    expect(within(dialog).getByText('140 of 140 characters')).toBeInTheDocument();
    await user.paste('y');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most 140 characters.');
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toBeDisabled();
    expect(api.callsTo('promotionApply')).toEqual([]);
  });

  it('[VAL-41] refuses files that are not png or jpg, larger than 5 MB, or beyond the third', async () => {
    const { user, dialog } = await openForm();
    const input = within(dialog).getByLabelText('Add images', { selector: 'input' });
    await user.upload(input, [png('a.png'), png('b.png')]);
    // fireEvent, not user.upload: user-event drops files the input's accept list excludes, and a browser's picker lets them through.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'c.gif', { type: 'image/gif' }), png('big.png', 5 * 1024 * 1024 + 1), png('c.png'), png('d.png')] } });
    expect(within(dialog).getByText('c.gif is not a png or jpg image.')).toBeInTheDocument();
    expect(within(dialog).getByText('big.png is larger than 5 MB.')).toBeInTheDocument();
    expect(within(dialog).getByText('d.png was not added: at most 3 images.')).toBeInTheDocument();
    const picked = within(dialog).getByRole('list', { name: 'Picked images' });
    expect(within(picked).getAllByRole('listitem')).toHaveLength(3);
  });
});
