import { assign, setup } from 'xstate';
import { solveBotCheck } from './bot-check';
import { toFlowError, type FlowError } from './flow-error';
import { mustProvideActor } from './placeholders';
import type {
  CodeSent,
  SmsCodeRequest,
  SmsCountdownContext,
  SmsCountdownEvent,
  SmsCountdownInput,
  SmsCountdownTag,
} from './sms-countdown.types';

const SECONDS_PER_MINUTE = 60;

/** 60 s per expired minute of the response, 1 minute for a third-party provider (AUTH-30). */
const countdownSeconds = (context: SmsCountdownContext, sent: CodeSent): number =>
  context.thirdParty ? SECONDS_PER_MINUTE : sent.expiredMinutes * SECONDS_PER_MINUTE;

/** A form's send-code press as the countdown's request: the mobile number as typed, trimmed. */
export const mobileCodeRequest = (form: { mobileNum: string; countryDialingCode: string }): SmsCountdownEvent => ({
  type: 'code.request',
  recipient: { kind: 'mobile', mobileNum: form.mobileNum.trim(), countryDialingCode: form.countryDialingCode.trim() },
});

/**
 * The send-code button of every SMS form: requests a code (after a bot-check), then counts down
 * one second at a time until it may be sent again. Requests are throttled to one per second (AUTH-31).
 */
export const smsCountdownMachine = setup({
  types: {} as {
    context: SmsCountdownContext;
    events: SmsCountdownEvent;
    input: SmsCountdownInput;
    tags: SmsCountdownTag;
  },
  actors: {
    solveBotCheck,
    requestSmsCode: mustProvideActor<CodeSent, SmsCodeRequest>('requestSmsCode'),
  },
  guards: {
    needsBotCheck: ({ context }) => context.recipient?.kind === 'mobile',
    isLastTick: ({ context }) => context.secondsLeft <= 1,
  },
  actions: {
    assignRecipient: assign((_, params: { recipient: SmsCountdownContext['recipient'] }) => ({ recipient: params.recipient, error: null })),
    assignBotCheck: assign((_, params: { botCheck: string }) => ({ botCheck: params.botCheck })),
    resetCountdown: assign(({ context }, params: { sent: CodeSent }) => {
      const period = countdownSeconds(context, params.sent);
      return { period, secondsLeft: period, botCheck: null };
    }),
    tickCountdown: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
    finishCountdown: assign({ secondsLeft: 0 }),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error, botCheck: null })),
  },
  delays: {
    countdownTick: 1000,
    requestThrottle: 1000,
  },
}).createMachine({
  id: 'smsCountdown',
  context: ({ input }) => ({
    purpose: input.purpose,
    thirdParty: input.thirdParty ?? false,
    recipient: null,
    botCheck: null,
    period: 0,
    secondsLeft: 0,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'code.request': { target: 'requesting', actions: { type: 'assignRecipient', params: ({ event }) => ({ recipient: event.recipient }) } },
      },
    },
    requesting: {
      tags: 'loading',
      initial: 'routing',
      states: {
        routing: {
          always: [{ guard: 'needsBotCheck', target: 'checkingBot' }, { target: 'sending' }],
        },
        checkingBot: {
          tags: 'step:botCheck',
          invoke: {
            id: 'solveBotCheck',
            src: 'solveBotCheck',
            input: { purpose: 'sms' as const },
            onDone: { target: 'sending', actions: { type: 'assignBotCheck', params: ({ event }) => ({ botCheck: event.output }) } },
            onError: {
              target: '#smsCountdown.resendable.throttled',
              actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            },
          },
        },
        sending: {
          invoke: {
            id: 'requestSmsCode',
            src: 'requestSmsCode',
            input: ({ context }) => ({
              purpose: context.purpose,
              // set by the transition into `requesting`
              recipient: context.recipient!,
              botCheck: context.botCheck,
            }),
            onDone: {
              target: '#smsCountdown.counting',
              actions: { type: 'resetCountdown', params: ({ event }) => ({ sent: event.output }) },
            },
            onError: {
              target: '#smsCountdown.resendable.throttled',
              actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            },
          },
        },
      },
    },
    counting: {
      after: {
        countdownTick: [
          { guard: 'isLastTick', target: 'resendable', actions: 'finishCountdown' },
          { target: 'counting', reenter: true, actions: 'tickCountdown' },
        ],
      },
    },
    resendable: {
      initial: 'ready',
      states: {
        /** A failed request may be retried only after the throttle window (once per second). */
        throttled: {
          tags: 'error',
          after: { requestThrottle: 'ready' },
        },
        ready: {
          on: {
            'code.request': {
              target: '#smsCountdown.requesting',
              actions: { type: 'assignRecipient', params: ({ event }) => ({ recipient: event.recipient }) },
            },
          },
        },
      },
    },
  },
});

export type SmsCountdownMachine = typeof smsCountdownMachine;
