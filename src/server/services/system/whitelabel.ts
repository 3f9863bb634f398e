import { WHITELABEL_FLAGS, type WhitelabelNode } from '@shared/contract/system';
import type { Db } from '../../db/create-db';
import { cachedSiteRead } from './site-settings';

export const readWhitelabelTree = (db: Db): Promise<WhitelabelNode[]> =>
  cachedSiteRead(db, 'whitelabel', async () => {
    const rows = await db.selectFrom('whitelabel_modules').selectAll().orderBy('sort').orderBy('mod_id').execute();
    const build = (parent: string | null): WhitelabelNode[] =>
      rows
        .filter((r) => r.parent_id === parent)
        .map((r) => ({ modId: r.mod_id, enabled: r.enabled, childrenNodes: build(r.mod_id) }));
    return build(null);
  });

/** A flag is on when its module and every ancestor are enabled. */
export const flagsOf = (tree: WhitelabelNode[]): Record<string, boolean> => {
  const flags: Record<string, boolean> = Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, false]));
  const walk = (nodes: WhitelabelNode[], parentOn: boolean) => {
    for (const node of nodes) {
      const on = parentOn && node.enabled;
      flags[node.modId] = on;
      walk(node.childrenNodes, on);
    }
  };
  walk(tree, true);
  return flags;
};

export const isFlagOn = async (db: Db, flag: string): Promise<boolean> => flagsOf(await readWhitelabelTree(db))[flag] ?? false;
