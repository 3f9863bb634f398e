import type { Announcement } from '@shared/contract/messages';
import type { MemberInfo } from '@shared/contract/member';
import type { LoginResult, TwoFactorChallenge } from '@shared/contract/auth';

export const loginResult = (overrides: Partial<LoginResult> = {}, type = 0): LoginResult => ({
  token: 'token-1',
  firstTimeLogin: false,
  passwordExpired: false,
  passwordIsDefault: false,
  mustChangePassword: false,
  remembered: false,
  userInfo: {
    id: 7,
    userName: 'player01',
    account: 'player01',
    nickname: 'Player',
    type,
    isAgent: [1, 2, 41, 42].includes(type),
    isTrial: type === 4,
  },
  ...overrides,
});

export const memberInfo = (type = 0, overrides: Partial<MemberInfo> = {}): MemberInfo => ({
  id: 7,
  account: 'player01',
  nickname: 'Player',
  type,
  isAgent: [1, 2, 41, 42].includes(type),
  isTrial: type === 4,
  iconId: 1,
  mobileNum: null,
  countryDialingCode: null,
  email: null,
  payeeName: null,
  totpEnabled: false,
  paymentPasswordSet: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const announcement = (id: number, execution: Announcement['execution']): Announcement => ({
  id,
  type: 'PU',
  title: `popup ${id}`,
  content: '<p>news</p>',
  promotionType: null,
  execution,
  createdAt: '2026-01-01T00:00:00.000Z',
});

export const twoFactorChallenge = (overrides: Partial<TwoFactorChallenge> = {}): TwoFactorChallenge => ({
  challengeId: 'challenge-1',
  methods: ['sms', 'email', 'bankAccountName', 'totp'],
  maskedMobile: '09****678',
  maskedEmail: 'p***@example.com',
  expiresInSeconds: 300,
  ...overrides,
});
