import { BlockList, isIP } from 'node:net';
import type { Db } from '../../db/create-db';
import { createReadCache } from '../read-cache';
import { SITE_SETTINGS_CACHE_TTL_MS } from './site-settings';

interface RegionRules {
  countries: Set<string>;
  networks: BlockList;
}

// Read on every status and permission call: kept as long as the settings, flushed by the operator's changes.
const rulesCache = createReadCache(SITE_SETTINGS_CACHE_TTL_MS);

const readRules = (db: Db): Promise<RegionRules> =>
  rulesCache.get(db, 'region-blocks', async () => {
    const rows = await db.selectFrom('region_blocks').select(['kind', 'value']).execute();
    const rules: RegionRules = { countries: new Set(), networks: new BlockList() };
    for (const rule of rows) {
      if (rule.kind === 'country') {
        rules.countries.add(rule.value.toUpperCase());
        continue;
      }
      const [network, prefix] = rule.value.split('/');
      const netFamily = isIP(network ?? '');
      if (rule.kind !== 'cidr' || !netFamily || prefix === undefined) continue;
      rules.networks.addSubnet(network!, Number(prefix), netFamily === 6 ? 'ipv6' : 'ipv4');
    }
    return rules;
  });

/** Forgets the rules read so far: after an operator's change has committed. */
export const flushRegionBlocks = (db: Db): void => rulesCache.flush(db);

/** Whether a visitor is blocked by an operator's CIDR or country rule. */
export const isRegionBlocked = async (db: Db, visitor: { ip: string; country: string | null }): Promise<boolean> => {
  const rules = await readRules(db);
  if (visitor.country && rules.countries.has(visitor.country.toUpperCase())) return true;
  const family = isIP(visitor.ip);
  if (!family) return false;
  return rules.networks.check(visitor.ip, family === 6 ? 'ipv6' : 'ipv4');
};
