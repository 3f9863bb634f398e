import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as pbkdf2DeriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as shaDeriveKey } from 'altcha-lib/algorithms/web/sha';
import type { BotChallenge } from '@shared/contract/auth';

/**
 * The one user of altcha-lib's solver: the proof-of-work bot-check of DESIGN.md, solved in the
 * browser with Web Crypto (no widget; the form shows a "verifying…" state meanwhile).
 */

/** Raised when a challenge cannot be solved (an unknown algorithm, a timeout, or the form went away). */
export class BotCheckError extends Error {
  readonly code = 'BOT_CHECK_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'BotCheckError';
  }
}

const deriveKeyFor = (algorithm: string) => {
  if (algorithm.startsWith('PBKDF2/')) return pbkdf2DeriveKey;
  if (algorithm.startsWith('SHA-')) return shaDeriveKey;
  throw new BotCheckError(`Unsupported bot-check algorithm ${algorithm}`);
};

/** How long a solve may take before the user is asked to try again. */
const SOLVE_TIMEOUT_MS = 60_000;

/**
 * Solves a challenge from GET /wps/verification/challenge and returns the `botCheck` field: base64
 * JSON of the challenge and its solution, the payload the server verifies (single-use).
 */
export const solveBotChallenge = async (challenge: BotChallenge, signal?: AbortSignal): Promise<string> => {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({
    challenge: challenge as Challenge,
    deriveKey: deriveKeyFor(challenge.parameters.algorithm),
    controller,
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution) throw new BotCheckError('The bot-check was not solved in time');
  const json = JSON.stringify({ challenge, solution });
  // btoa takes Latin-1 only; the payload is ASCII JSON, encoded through UTF-8 bytes to be safe.
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)));
};
