import { sql, type Kysely } from 'kysely';

/**
 * The agents' downline as a closure table (docs/agent-tree.md): one row per (ancestor, descendant)
 * pair with the distance between them, kept by a trigger from member_profiles.upline_id, which stays
 * the one place an upline is written. Also: the audience of announcements (agents only, or all) and
 * the members' own referral codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_tree')
    .addColumn('ancestor_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('descendant_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('depth', 'integer', (c) => c.notNull().check(sql`depth >= 1`))
    .addPrimaryKeyConstraint('member_tree_pk', ['ancestor_id', 'descendant_id'])
    .execute();
  // "X's downline" and "X's direct members" (depth 1), optionally at one level: one index range each.
  await db.schema.createIndex('member_tree_ancestor_depth').on('member_tree').columns(['ancestor_id', 'depth', 'descendant_id']).execute();
  // A member has exactly one ancestor at each distance: the rows describe a tree, never a graph.
  await db.schema.createIndex('member_tree_descendant_depth').on('member_tree').columns(['descendant_id', 'depth']).unique().execute();

  // Follows every write of upline_id in the same transaction: a new member joins its upline's
  // branch; a member given another upline moves with its whole downline; a cycle is refused.
  await sql`
    create function member_tree_follow_upline() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if new.upline_id is not distinct from old.upline_id then return null; end if;
        delete from member_tree t
         using member_tree above
         where above.descendant_id = new.member_id
           and t.ancestor_id = above.ancestor_id
           and (t.descendant_id = new.member_id
                or t.descendant_id in (select descendant_id from member_tree where ancestor_id = new.member_id));
      end if;
      if new.upline_id is null then return null; end if;
      if new.upline_id = new.member_id
         or exists (select 1 from member_tree where ancestor_id = new.member_id and descendant_id = new.upline_id) then
        raise exception 'member % cannot be placed under its own downline member %', new.member_id, new.upline_id using errcode = '23514';
      end if;
      insert into member_tree (ancestor_id, descendant_id, depth)
      select above.ancestor_id, below.descendant_id, above.depth + below.depth + 1
        from (select new.upline_id as ancestor_id, 0 as depth
              union all
              select ancestor_id, depth from member_tree where descendant_id = new.upline_id) above
       cross join (select new.member_id as descendant_id, 0 as depth
              union all
              select descendant_id, depth from member_tree where ancestor_id = new.member_id) below;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger member_profiles_tree after insert or update of upline_id on member_profiles
    for each row execute function member_tree_follow_upline()`.execute(db);

  // Members who registered with an agent's affiliate code before the tree existed.
  await sql`
    insert into member_tree (ancestor_id, descendant_id, depth)
    with recursive chain (ancestor_id, descendant_id, depth) as (
      select upline_id, member_id, 1 from member_profiles where upline_id is not null
      union all
      select p.upline_id, chain.descendant_id, chain.depth + 1
        from chain join member_profiles p on p.member_id = chain.ancestor_id
       where p.upline_id is not null and chain.depth < 1000
    )
    select ancestor_id, descendant_id, depth from chain`.execute(db);

  await db.schema
    .alterTable('announcements')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('ALL').check(sql`audience in ('ALL', 'AGENTS')`))
    .execute();

  // A member's own code for the invite-friends link (the new member's referralCode).
  await db.schema
    .createTable('referral_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().unique().references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('member_profiles_referral_code').on('member_profiles').column('referral_code').execute();
  await db.schema.createIndex('affiliate_codes_member').on('affiliate_codes').column('member_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('affiliate_codes_member').execute();
  await db.schema.dropIndex('member_profiles_referral_code').execute();
  await db.schema.dropTable('referral_codes').execute();
  await db.schema.alterTable('announcements').dropColumn('audience').execute();
  await sql`drop trigger member_profiles_tree on member_profiles`.execute(db);
  await sql`drop function member_tree_follow_upline()`.execute(db);
  await db.schema.dropTable('member_tree').execute();
}
