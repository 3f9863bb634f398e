import type { CodeSent, TwoFactorCodeRequest } from '@shared/contract/auth';
import type { FlowError } from './flow-error';

/** Which code call to make; the provided `requestSmsCode` picks the endpoint by it. */
export type SmsPurpose = 'login' | 'register' | 'passwordReset' | 'twoFactor';

/** Where the code goes: a number the user typed, or the channel of a pending two-factor login. */
export type CodeRecipient =
  | { kind: 'mobile'; mobileNum: string; countryDialingCode: string }
  | ({ kind: 'twoFactor' } & Pick<TwoFactorCodeRequest, 'challengeId' | 'method'>);

export interface SmsCountdownInput {
  purpose: SmsPurpose;
  /** A third-party SMS provider always counts down 1 minute (AUTH-30). */
  thirdParty?: boolean;
}

export interface SmsCodeRequest {
  purpose: SmsPurpose;
  recipient: CodeRecipient;
  /** The bot-check proof for a typed number (AUTH-33); null for a two-factor code (the login passed one). */
  botCheck: string | null;
}

export interface SmsCountdownContext {
  purpose: SmsPurpose;
  thirdParty: boolean;
  recipient: CodeRecipient | null;
  botCheck: string | null;
  /** Length of the current countdown in seconds; 0 until a code was sent. */
  period: number;
  secondsLeft: number;
  error: FlowError | null;
}

export type SmsCountdownEvent = { type: 'code.request'; recipient: CodeRecipient };

export type SmsCountdownTag = 'loading' | 'error' | 'step:botCheck';

export type { CodeSent };
