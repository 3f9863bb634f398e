import { mustProvideActor } from './placeholders';

/** Which call the proof will be attached to (the client may fetch a challenge per purpose). */
export type BotCheckPurpose = 'login' | 'register' | 'sms';

/**
 * Solves a bot-check challenge (DESIGN.md: altcha proof of work) and resolves with the `botCheck`
 * field of the payload it guards. Each proof is single-use, so every guarded call solves anew (AUTH-33).
 */
export const solveBotCheck = mustProvideActor<string, { purpose: BotCheckPurpose }>('solveBotCheck');
