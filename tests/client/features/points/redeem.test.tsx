import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BodyOf } from '@shared/contract/http';
import { refusal } from '../../../helpers/accounts-fixture';
import { resetShell, TRIAL } from '../../../helpers/render-app';
import { goodsCard, goodsList, renderMall, reward, tab } from './points-kit';

beforeEach(() => {
  resetShell();
});

const openGoods = async (user: { click: (el: Element) => Promise<void> }, name: string) => {
  await user.click(within(await goodsList()).getByRole('button', { name: `Details of ${name}` }));
  return screen.getByRole('dialog', { name });
};

const redeemForm = (dialog: HTMLElement) => within(dialog).getByRole('form', { name: 'Redeem' });

const fillRedeem = async (
  user: { type: (el: Element, text: string) => Promise<void>; clear: (el: Element) => Promise<void> },
  form: HTMLElement,
  values: { quantity?: string; address?: string; mobileNum?: string; paymentPassword?: string },
) => {
  if (values.quantity !== undefined) {
    await user.clear(within(form).getByLabelText(/^Quantity/));
    if (values.quantity) await user.type(within(form).getByLabelText(/^Quantity/), values.quantity);
  }
  if (values.address) await user.type(within(form).getByLabelText(/^Receiving address/), values.address);
  if (values.mobileNum) await user.type(within(form).getByLabelText(/^Mobile number/), values.mobileNum);
  if (values.paymentPassword) await user.type(within(form).getByLabelText(/^Withdrawal password/), values.paymentPassword);
};

describe('points mall: goods and redeem', { timeout: 30_000 }, () => {
  it('[MEMBER-05] [API-57] [API-58] a member sees the points held and the goods: image, name, points, cash when any, stock or out of stock', async () => {
    const { api } = await renderMall();
    await waitFor(() => expect(screen.getByTestId('points-held')).toHaveTextContent('12,500'));
    expect(screen.getByText('Your points never expire.')).toBeInTheDocument();
    const list = await goodsList();
    const gold = goodsCard(list, 'Gold voucher');
    expect(gold.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/rewards/gold.png'));
    expect(gold).toHaveTextContent('1,000 points');
    expect(gold).toHaveTextContent('5 in stock');
    expect(gold).not.toHaveTextContent('+');
    const phone = goodsCard(list, 'Smart phone');
    expect(phone).toHaveTextContent('50,000 points');
    expect(phone).toHaveTextContent('+ 20.00');
    expect(phone).toHaveTextContent('Out of stock');
    expect(api.callsTo('pointsRewardList')[0]?.query).toEqual({ pageNo: 1 });
    expect(tab('Redeem')).toHaveAttribute('aria-selected', 'true');
  });

  it('[MEMBER-05] goods details show the image, the sanitised HTML description, points, cash and stock; a sold-out item has no redeem form', async () => {
    const { user } = await renderMall({
      handlers: {
        pointsRewardList: () => ({
          list: [
            reward({ description: '<p>Worth <b>500</b></p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' }),
            reward({ rewardId: 2, name: 'Smart phone', pointsRequired: 50_000, amountRequired: 20, stock: 0 }),
          ],
          totalPages: 1,
        }),
      },
    });
    const dialog = await openGoods(user, 'Gold voucher');
    const description = within(dialog).getByRole('region', { name: 'Goods details' });
    expect(description).toHaveTextContent('Worth 500');
    expect(description.querySelector('b')).not.toBeNull();
    expect(description.querySelector('script')).toBeNull();
    expect(description.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect(within(dialog).getByText('Points required').nextElementSibling).toHaveTextContent('1,000');
    expect(within(dialog).queryByText('Cash required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Stock').nextElementSibling).toHaveTextContent('5');
    expect(redeemForm(dialog)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const phone = await openGoods(user, 'Smart phone');
    expect(within(phone).getByText('Cash required').nextElementSibling).toHaveTextContent('20.00');
    expect(within(phone).getAllByText('Out of stock').length).toBeGreaterThan(0);
    expect(within(phone).queryByRole('form', { name: 'Redeem' })).not.toBeInTheDocument();
  });

  it('[MEMBER-05] [VAL-42] the redeem form asks for the address, the mobile number and the withdrawal password, and a quantity from 1 to min(stock, 99), before any call', async () => {
    const { user, api } = await renderMall();
    const dialog = await openGoods(user, 'Gold voucher');
    const form = redeemForm(dialog);
    const submit = within(form).getByRole('button', { name: 'Redeem' });
    await user.click(submit);
    expect(within(form).getByText('Enter the receiving address (up to 300 characters).')).toBeInTheDocument();
    expect(within(form).getByText('Enter a mobile number of 6 to 20 digits, optionally starting with +.')).toBeInTheDocument();
    expect(within(form).getByText('Enter your withdrawal password.')).toBeInTheDocument();

    await fillRedeem(user, form, { address: '12 Le Loi, District 1, HCMC', mobileNum: '09-12', paymentPassword: '246810' });
    await user.click(submit);
    expect(within(form).queryByText('Enter the receiving address (up to 300 characters).')).not.toBeInTheDocument();
    expect(within(form).getByText('Enter a mobile number of 6 to 20 digits, optionally starting with +.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Mobile number/));
    await user.type(within(form).getByLabelText(/^Mobile number/), '+84912345678');

    // Stock 5: 6 is too many, 0 too few.
    await fillRedeem(user, form, { quantity: '6' });
    await user.click(submit);
    expect(within(form).getByText('Choose a quantity from 1 to 5.')).toBeInTheDocument();
    await fillRedeem(user, form, { quantity: '0' });
    await user.click(submit);
    expect(within(form).getByText('Choose a quantity from 1 to 5.')).toBeInTheDocument();
    expect(api.callsTo('pointsRedeem')).toHaveLength(0);

    // The stepper stays within 1..5 and the total follows.
    await fillRedeem(user, form, { quantity: '4' });
    expect(within(form).getByTestId('redeem-total')).toHaveTextContent('4,000 points');
    await user.click(within(form).getByRole('button', { name: 'One more' }));
    expect(within(form).getByLabelText(/^Quantity/)).toHaveValue(5);
    expect(within(form).getByRole('button', { name: 'One more' })).toBeDisabled();
    expect(within(form).getByTestId('redeem-total')).toHaveTextContent('5,000 points');
  });

  it('[MEMBER-05] more than 99 of an item is refused even with more in stock', async () => {
    const { user, api } = await renderMall({ handlers: { pointsRewardList: () => ({ list: [reward({ pointsRequired: 10, stock: 500 })], totalPages: 1 }) } });
    const form = redeemForm(await openGoods(user, 'Gold voucher'));
    await fillRedeem(user, form, { quantity: '100', address: 'Somewhere 1', mobileNum: '0912345678', paymentPassword: '246810' });
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(within(form).getByText('Choose a quantity from 1 to 99.')).toBeInTheDocument();
    expect(api.callsTo('pointsRedeem')).toHaveLength(0);
  });

  it('[MEMBER-05] a redeem costing more points than the member holds is refused before the call', async () => {
    const { user, api } = await renderMall({ handlers: { pointsBalance: () => ({ points: 1500 }) } });
    const form = redeemForm(await openGoods(user, 'Gold voucher'));
    await fillRedeem(user, form, { quantity: '2', address: 'Somewhere 1', mobileNum: '0912345678', paymentPassword: '246810' });
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('You do not have enough points for this quantity.');
    expect(api.callsTo('pointsRedeem')).toHaveLength(0);
  });

  it('[MEMBER-05] an item that also costs cash is refused before the call when the wallet balance does not cover it, and its total shows both', async () => {
    const { user, api } = await renderMall({ handlers: { pointsRewardList: () => ({ list: [reward({ pointsRequired: 100, amountRequired: 1000, stock: 9 })], totalPages: 1 }) } });
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('1,234.50'));
    const form = redeemForm(await openGoods(user, 'Gold voucher'));
    await fillRedeem(user, form, { quantity: '2', address: 'Somewhere 1', mobileNum: '0912345678', paymentPassword: '246810' });
    expect(within(form).getByTestId('redeem-total')).toHaveTextContent('200 points + 2,000.00');
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Your wallet balance does not cover the cash required.');
    expect(api.callsTo('pointsRedeem')).toHaveLength(0);
  });

  it('[API-59] a redeem sends the item, quantity, address, mobile number, password and a request id, shows the reference number, and updates points, stock and history', async () => {
    const sent: BodyOf<'pointsRedeem'>[] = [];
    let stock = 5;
    const { user, api } = await renderMall({
      handlers: {
        // The balance read answers 12,500 throughout: the header's 10,500 can only come from the redeem's answer.
        pointsBalance: () => ({ points: 12_500 }),
        pointsRewardList: () => ({ list: [reward({ stock })], totalPages: 1 }),
        pointsRedeem: ({ body }) => {
          sent.push(body as BodyOf<'pointsRedeem'>);
          stock -= 2;
          return { referenceNo: 'PR20261120042', status: 'PROCESSING', points: 10_500 };
        },
      },
    });
    await waitFor(() => expect(screen.getByTestId('points-held')).toHaveTextContent('12,500'));
    const dialog = await openGoods(user, 'Gold voucher');
    const form = redeemForm(dialog);
    await fillRedeem(user, form, { quantity: '2', address: '  12 Le Loi, District 1  ', mobileNum: '+84912345678', paymentPassword: '246810' });
    expect(within(form).getByTestId('redeem-total')).toHaveTextContent('2,000 points');
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));

    expect(await within(dialog).findByText('PR20261120042')).toBeInTheDocument();
    expect(within(dialog).getByText('Your redeem request was submitted.')).toBeInTheDocument();
    expect(within(dialog).getByText('In process')).toBeInTheDocument();
    expect(sent).toEqual([
      { rewardId: 1, quantity: 2, address: '12 Le Loi, District 1', mobileNum: '+84912345678', paymentPassword: '246810', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(screen.getByTestId('points-held')).toHaveTextContent('10,500');
    await waitFor(() => expect(within(dialog).getByText('Stock').nextElementSibling).toHaveTextContent('3'));
    expect(api.callsTo('pointsRewardList')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'View redeem history' }));
    expect(screen.queryByRole('dialog', { name: 'Gold voucher' })).not.toBeInTheDocument();
    expect(tab('Redeem history')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(api.callsTo('pointsRedeemList')).toHaveLength(1));
  });

  it('[API-59] a redeem retried after a network failure keeps its request id; another order takes a new one', async () => {
    const ids: (string | undefined)[] = [];
    const { user } = await renderMall({
      handlers: {
        pointsRedeem: ({ body }) => {
          ids.push(body?.requestId);
          throw refusal('NETWORK', 0);
        },
      },
    });
    const form = redeemForm(await openGoods(user, 'Gold voucher'));
    await fillRedeem(user, form, { address: 'Somewhere 1', mobileNum: '0912345678', paymentPassword: '246810' });
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/network/i);
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(ids).toHaveLength(2));
    await fillRedeem(user, form, { quantity: '3' });
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(ids).toHaveLength(3));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('[API-59] a refused redeem shows the server refusal translated, and keeps the form', async () => {
    let code = 'INSUFFICIENT_POINTS';
    const { user } = await renderMall({
      handlers: {
        pointsRedeem: () => {
          throw refusal(code, 409);
        },
      },
    });
    const dialog = await openGoods(user, 'Gold voucher');
    const form = redeemForm(dialog);
    await fillRedeem(user, form, { address: 'Somewhere 1', mobileNum: '0912345678', paymentPassword: '111111' });
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You do not have enough points.');

    code = 'OUT_OF_STOCK';
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('This item is out of stock.'));

    code = 'PAYMENT_PASSWORD_WRONG';
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('The withdrawal password is incorrect.'));
    expect(within(dialog).queryByText('Your redeem request was submitted.')).not.toBeInTheDocument();
  });

  it('[MEMBER-05] a visitor browses the goods and their details, and is asked to log in instead of the points and the redeem form', async () => {
    const { user, api } = await renderMall({ member: null });
    const list = await goodsList();
    expect(goodsCard(list, 'Gold voucher')).toHaveTextContent('1,000 points');
    expect(screen.getByText('Log in to see your points and redeem rewards. You can browse the goods without an account.')).toBeInTheDocument();
    expect(screen.queryByTestId('points-held')).not.toBeInTheDocument();
    const dialog = await openGoods(user, 'Gold voucher');
    expect(within(dialog).getByText('Log in to redeem this item.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Redeem' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(api.callsTo('pointsBalance')).toHaveLength(0);
  });

  it('[MEMBER-05] [ERR-06] [AUTH-47] a trial account browses the goods but is refused a redeem with in_need_true_account before any call', async () => {
    const { user, api } = await renderMall({ member: TRIAL });
    expect(await screen.findByText('Please register an account first')).toBeInTheDocument();
    const form = redeemForm(await openGoods(user, 'Gold voucher'));
    await fillRedeem(user, form, { address: 'Somewhere 1', mobileNum: '0912345678', paymentPassword: '246810' });
    await user.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please register an account first');
    expect(api.callsTo('pointsRedeem')).toHaveLength(0);
    expect(api.callsTo('pointsBalance')).toHaveLength(0);
  });

  it('[MEMBER-05] no goods says so; a failed load shows the error with a retry that loads again', async () => {
    let fail = true;
    const { user, api } = await renderMall({
      handlers: {
        pointsRewardList: () => {
          if (fail) throw refusal('NETWORK', 0);
          return { list: [], totalPages: 0 };
        },
      },
    });
    expect(await screen.findByText('Network link abnormal, please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(api.callsTo('pointsRewardList')).toHaveLength(2);
  });
});
