// Prints the seamless-wallet signing key of each named game vendor, from this environment's
// GAME_WALLET_SECRET (or its own key in GAME_VENDOR_KEYS), to hand over to that vendor only.
//   npm run vendor-key -- PG JDB
import { loadConfig } from '../src/server/config';
import { vendorWalletKey } from '../src/server/services/games/vendor-keys';

const vendors = process.argv.slice(2).filter((arg) => arg !== '--');
if (vendors.length === 0) {
  console.error('usage: npm run vendor-key -- <VENDOR> [<VENDOR>...]');
  process.exit(2);
}
const config = loadConfig();
if (config.GAME_WALLET_SECRET.startsWith('dev-only-')) console.warn('GAME_WALLET_SECRET is the development default: these keys are for development only.');
for (const vendor of vendors) console.log(`${vendor}\t${vendorWalletKey(config, vendor)}`);
