import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config';

/**
 * The key a game vendor signs its seamless-wallet calls with: its own from GAME_VENDOR_KEYS, or
 * HMAC-SHA256(GAME_WALLET_SECRET, "seamless-wallet:<vendor>"). No two vendors share a key, so a
 * vendor's key signs for that vendor only. `npm run vendor-key -- <VENDOR>` prints it for handing over.
 */
export const vendorWalletKey = (config: Pick<AppConfig, 'GAME_WALLET_SECRET' | 'gameVendorKeys'>, vendor: string): string =>
  config.gameVendorKeys[vendor] ?? createHmac('sha256', config.GAME_WALLET_SECRET).update(`seamless-wallet:${vendor}`).digest('hex');
