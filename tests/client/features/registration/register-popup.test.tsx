import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FieldRules, Permission } from '@shared/contract/system';
import { accountHandlers, loginResult, refusal } from '../../../helpers/accounts-fixture';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => within(screen.getByRole('dialog', { name: 'shell:popups.registerModal' }));

const openRegister = async (flags: Record<string, boolean>, rules: FieldRules = {}, handlers: FakeHandlers = {}) => {
  const app = await renderApp({
    path: '/register',
    accounts: true,
    permission: { flags, registrationFieldRules: rules },
    handlers: { ...accountHandlers(), registerSettings: () => rules, ...handlers },
  });
  await screen.findByRole('dialog', { name: 'shell:popups.registerModal' });
  await inDialog().findByRole('button', { name: 'registration:submit' });
  return app;
};

const labels = () => inDialog().getAllByRole('textbox').map((box) => box.getAttribute('name'));

describe('registerModal', () => {
  it('[AUTH-21] [VAL-29] with only username registration: no tabs; username, password and confirmation, all required', async () => {
    await openRegister({ USERNAMEREG3: true });
    expect(inDialog().queryByRole('tablist')).not.toBeInTheDocument();
    for (const label of ['registration:fields.username', 'registration:fields.password', 'registration:fields.confirmPassword']) {
      expect(inDialog().getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(inDialog().queryByLabelText('registration:fields.mobileNum')).not.toBeInTheDocument();
    expect(inDialog().queryByLabelText('registration:fields.verificationCode')).not.toBeInTheDocument();
  });

  it('[AUTH-21] [VAL-30] with only mobile registration: the mobile number (required) and no username; a password per MOBILENUMPASSREG3', async () => {
    await openRegister({ MOBILENUMREG3: true, MOBILENUMPASSREG3: true });
    expect(inDialog().queryByRole('tablist')).not.toBeInTheDocument();
    expect(inDialog().queryByLabelText('registration:fields.username')).not.toBeInTheDocument();
    expect(inDialog().getByLabelText('registration:fields.mobileNum')).toHaveAttribute('aria-required', 'true');
    expect(inDialog().getByLabelText('registration:fields.password')).toBeVisible();
  });

  it('[AUTH-21] both flags: register and registerMobile tabs', async () => {
    await openRegister({ USERNAMEREG3: true, MOBILENUMREG3: true });
    expect(inDialog().getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['registration:tabs.username', 'registration:tabs.mobile']);
  });

  it('[VAL-32] [AUTH-32] with SMS verification the code and its send button show, beside the country choice', async () => {
    await openRegister({ USERNAMEREG3: true, REGMOBVERF3: true });
    expect(inDialog().getByLabelText('registration:fields.verificationCode')).toHaveAttribute('aria-required', 'true');
    expect(inDialog().getByRole('button', { name: 'auth:sms.send' })).toBeEnabled();
    await waitFor(() =>
      expect(within(inDialog().getByRole('combobox', { name: 'registration:fields.countryDialingCode' })).getAllByRole('option')).toHaveLength(2),
    );
  });

  it('[VAL-31] [AUTH-23] [VAL-39] fields follow the register settings: enabled ones show, required ones are marked', async () => {
    await openRegister(
      { USERNAMEREG3: true },
      {
        email: { enabled: true, required: true },
        payeeName: { enabled: true, required: false },
        telegram: { enabled: true, required: true },
        qqNum: { enabled: false, required: true },
      },
    );
    expect(inDialog().getByLabelText('registration:fields.email')).toHaveAttribute('aria-required', 'true');
    expect(inDialog().getByLabelText('registration:fields.payeeName')).not.toHaveAttribute('aria-required');
    expect(inDialog().getByLabelText('registration:fields.telegram')).toHaveAttribute('aria-required', 'true');
    expect(inDialog().getByLabelText('registration:fields.affiliateCode')).toBeVisible();
    expect(inDialog().queryByLabelText('registration:fields.qqNum')).not.toBeInTheDocument();
    expect(labels()).toEqual(['username', 'payeeName', 'email', 'affiliateCode', 'telegram']);
  });

  it('[VAL-49] [VAL-53] [VAL-43] shows the spec messages: real name format, confirmation password, and the 18+ terms box', async () => {
    const { user, api } = await openRegister({ USERNAMEREG3: true }, { payeeName: { enabled: true, required: true, patternId: 'ENGLISH_SPACES' } });
    await user.type(inDialog().getByLabelText('registration:fields.username'), 'newplayer');
    await user.type(inDialog().getByLabelText('registration:fields.password'), 'Str0ng#pass');
    await user.type(inDialog().getByLabelText('registration:fields.confirmPassword'), 'Str0ng#pas');
    await user.type(inDialog().getByLabelText('registration:fields.payeeName'), 'Nguyen 42');
    expect(inDialog().getByRole('checkbox', { name: /registration:terms.agree/ })).toBeChecked();
    await user.click(inDialog().getByRole('button', { name: 'registration:submit' }));
    expect(await inDialog().findByText('validation:checkPassMismatch')).toBeVisible();
    expect(inDialog().getByText('validation:payeeNameInvalid')).toBeVisible();
    expect(api.callsTo('register')).toHaveLength(0);
  });

  it('[ERR-26] a refusal with field errors shows them under their fields', async () => {
    const { user } = await openRegister(
      { USERNAMEREG3: true },
      {},
      {
        register: () => {
          throw refusal('VALIDATION', 400, [{ field: 'username', key: 'validation:formatIncorrect' }]);
        },
      },
    );
    await user.type(inDialog().getByLabelText('registration:fields.username'), 'newplayer');
    await user.type(inDialog().getByLabelText('registration:fields.password'), 'Str0ng#pass');
    await user.type(inDialog().getByLabelText('registration:fields.confirmPassword'), 'Str0ng#pass');
    await user.click(inDialog().getByRole('button', { name: 'registration:submit' }));
    expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:VALIDATION');
    expect(inDialog().getByLabelText('registration:fields.username')).toHaveAttribute('aria-invalid', 'true');
    expect(inDialog().getByText('validation:formatIncorrect')).toBeVisible();
  });

  it('[AUTH-27] registering by mobile sends the number as the username to register/mobile', async () => {
    const { user, api } = await openRegister(
      { MOBILENUMREG3: true },
      {},
      { registerMobile: () => ({ account: '901234567', session: loginResult() }) },
    );
    await user.type(inDialog().getByLabelText('registration:fields.mobileNum'), '901234567');
    await user.click(inDialog().getByRole('button', { name: 'registration:submit' }));
    await waitFor(() => expect(api.callsTo('registerMobile')).toHaveLength(1));
    expect(api.callsTo('registerMobile')[0]?.body).toMatchObject({ username: '901234567', mobileNum: '901234567', countryDialingCode: '84' });
  });

  it('the register settings call failing falls back to the rules of the site configuration', async () => {
    await openRegister({ USERNAMEREG3: true }, { email: { enabled: true, required: true } }, {
      registerSettings: () => {
        throw refusal('INTERNAL', 500);
      },
    });
    expect(inDialog().getByLabelText('registration:fields.email')).toHaveAttribute('aria-required', 'true');
  });

  it('[AUTH-50] with both registration flags off the popup says registration is closed', async () => {
    await renderApp({ path: '/register', accounts: true, handlers: accountHandlers() });
    expect(await within(await screen.findByRole('dialog', { name: 'shell:popups.registerModal' })).findByRole('alert')).toHaveTextContent('registration:closed');
  });

  it('[VAL-44] with the birthday field the birthday check shows unticked, and registering waits until it is ticked', async () => {
    const { user, api } = await openRegister(
      { USERNAMEREG3: true },
      { birthday: { enabled: true, required: false } },
      { register: () => ({ account: 'newplayer', session: loginResult() }) },
    );
    const check = inDialog().getByRole('checkbox', { name: 'registration:birthdayCheck.confirm' });
    expect(check).not.toBeChecked();
    await user.type(inDialog().getByLabelText('registration:fields.username'), 'newplayer');
    await user.type(inDialog().getByLabelText('registration:fields.password'), 'Str0ng#pass');
    await user.type(inDialog().getByLabelText('registration:fields.confirmPassword'), 'Str0ng#pass');
    await user.click(inDialog().getByRole('button', { name: 'registration:submit' }));
    expect(await inDialog().findByText('registration:birthdayCheck.required')).toBeVisible();
    expect(check).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('register')).toHaveLength(0);

    await user.click(check);
    await user.click(inDialog().getByRole('button', { name: 'registration:submit' }));
    await waitFor(() => expect(api.callsTo('register')).toHaveLength(1));
    expect(api.callsTo('register')[0]?.body).toMatchObject({ username: 'newplayer', ageConfirmed: true, termsAccepted: true });
  });

  it('[VAL-44] the birthday check names the age of the site configuration, in its text and its error', async () => {
    const { user } = await renderApp({
      path: '/register',
      lng: 'en',
      permission: { flags: { USERNAMEREG3: true }, registrationFieldRules: { birthday: { enabled: true, required: false } }, birthdayCheckAge: 25 },
      handlers: { ...accountHandlers(), registerSettings: () => ({ birthday: { enabled: true, required: false } }) },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Register' }));
    const check = await dialog.findByRole('checkbox', { name: 'I confirm that I am 25 years of age or older' });
    expect(check).not.toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Register' }));
    expect(await dialog.findByText('Please confirm that you are 25 years of age or older')).toBeVisible();
    expect(dialog.queryByText(/21 years/)).not.toBeInTheDocument();
  });

  it('[VAL-44] without the birthday field there is no birthday check and nothing about it is sent', async () => {
    const { user, api } = await openRegister({ USERNAMEREG3: true }, {}, { register: () => ({ account: 'newplayer', session: loginResult() }) });
    expect(inDialog().queryByRole('checkbox', { name: 'registration:birthdayCheck.confirm' })).not.toBeInTheDocument();
    await user.type(inDialog().getByLabelText('registration:fields.username'), 'newplayer');
    await user.type(inDialog().getByLabelText('registration:fields.password'), 'Str0ng#pass');
    await user.type(inDialog().getByLabelText('registration:fields.confirmPassword'), 'Str0ng#pass');
    await user.click(inDialog().getByRole('button', { name: 'registration:submit' }));
    await waitFor(() => expect(api.callsTo('register')).toHaveLength(1));
    expect(api.callsTo('register')[0]?.body).not.toHaveProperty('ageConfirmed');
  });

  const openInEnglish = async (permission: Partial<Permission> = {}) => {
    await renderApp({
      path: '/register',
      lng: 'en',
      permission: { flags: { USERNAMEREG3: true }, ...permission },
      handlers: { ...accountHandlers(), registerSettings: () => ({}) },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Register' }));
    await dialog.findByRole('button', { name: 'Register' });
    return dialog;
  };

  it('[CONST-07] the register popup advertises the registration reward: up to 131K by default', async () => {
    const dialog = await openInEnglish();
    expect(dialog.getByRole('note', { name: 'Registration reward' })).toHaveTextContent('Registration reward up to 131K');
  });

  it('[CONST-07] the reward amount comes from the site configuration', async () => {
    const dialog = await openInEnglish({ registrationReward: '250K' });
    expect(dialog.getByRole('note', { name: 'Registration reward' })).toHaveTextContent('up to 250K');
    expect(dialog.queryByText(/131K/)).not.toBeInTheDocument();
  });

  it('[CONST-07] an operator who empties the reward amount hides the line', async () => {
    const dialog = await openInEnglish({ registrationReward: '' });
    expect(dialog.queryByRole('note', { name: 'Registration reward' })).not.toBeInTheDocument();
  });
});
