import { setup } from 'xstate';

/**
 * What a visitor offered the free demo must experience (AUTH-42, AUTH-43; STYLE.md C3, layer 2):
 * the site's free play flag is chosen when the login popup opens, and the server's answer travels
 * in the event (`reply`). No actors, no timers.
 */
export type FreePlayReply =
  | 'ok'
  /** the server refused a new demo account (TOO_MANY_REQUESTS, ERR-09) */
  | 'refused';

export type FreePlayModelEvent = { type: 'loginPopup.open'; freePlay: boolean } | { type: 'freePlay.start'; reply: FreePlayReply };

const replied = (reply: FreePlayReply) => ({ event }: { event: FreePlayModelEvent }) => event.type === 'freePlay.start' && event.reply === reply;

export const freePlayModel = setup({
  types: {} as { events: FreePlayModelEvent },
}).createMachine({
  id: 'freePlayModel',
  /** The app is not rendered yet: the flag the site runs with is part of the first action. */
  initial: 'notOpened',
  states: {
    notOpened: {
      on: {
        'loginPopup.open': [
          { guard: ({ event }) => event.type === 'loginPopup.open' && event.freePlay, target: 'offerShown' },
          { target: 'noOfferShown' },
        ],
      },
    },
    offerShown: {
      on: {
        'freePlay.start': [
          { guard: replied('refused'), target: 'errorShown' },
          { guard: replied('ok'), target: 'home' },
        ],
      },
    },
    errorShown: { on: { 'freePlay.start': { guard: replied('ok'), target: 'home' } } },
    /** FREEPLAY3 off (AUTH-50) */
    noOfferShown: { type: 'final' },
    /** a trial session, user info loaded, `cpw` gone, at / (AUTH-43) */
    home: { type: 'final' },
  },
});

export const freePlayModelEvents: FreePlayModelEvent[] = [
  { type: 'loginPopup.open', freePlay: true },
  { type: 'loginPopup.open', freePlay: false },
  { type: 'freePlay.start', reply: 'ok' },
  { type: 'freePlay.start', reply: 'refused' },
];
