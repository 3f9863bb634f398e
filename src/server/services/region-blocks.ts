import { BlockList, isIP } from 'node:net';
import type { Db } from '../db/create-db';

/** Whether a visitor is blocked by an operator's CIDR or country rule (read fresh on each call). */
export const isRegionBlocked = async (db: Db, visitor: { ip: string; country: string | null }): Promise<boolean> => {
  const rules = await db.selectFrom('region_blocks').select(['kind', 'value']).execute();
  if (visitor.country && rules.some((r) => r.kind === 'country' && r.value.toUpperCase() === visitor.country!.toUpperCase())) {
    return true;
  }
  const family = isIP(visitor.ip);
  if (!family) return false;
  const list = new BlockList();
  for (const rule of rules) {
    if (rule.kind !== 'cidr') continue;
    const [network, prefix] = rule.value.split('/');
    const netFamily = isIP(network ?? '');
    if (!netFamily || prefix === undefined) continue;
    list.addSubnet(network!, Number(prefix), netFamily === 6 ? 'ipv6' : 'ipv4');
  }
  return list.check(visitor.ip, family === 6 ? 'ipv6' : 'ipv4');
};
