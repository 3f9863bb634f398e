import { sql, type Kysely } from 'kysely';

/**
 * countAttempt (services/auth/throttle.ts) in one round trip instead of four (begin, locks, insert, commit): each
 * statement of a volatile function takes its own snapshot, so the insert's, taken after the locks, sees every
 * attempt counted before this one, as the separate statements did. `counted_before` leaves out the rows it inserts itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function count_attempt(buckets text[], lock_class int, lock_keys int[], attempted_at timestamptz, since timestamptz, prune_before timestamptz)
    returns table (inserted_id bigint, inserted_bucket text, counted_before bigint) language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(lock_class, k) from (select unnest(lock_keys) as k order by k) ordered;
      delete from rate_events r where r.bucket = any(buckets) and r.created_at < prune_before;
      return query
        with inserted as (insert into rate_events (bucket, created_at) select unnest(buckets), attempted_at returning rate_events.id, rate_events.bucket)
        select i.id::bigint, i.bucket::text, (select count(*) from rate_events r where r.bucket = i.bucket and r.created_at > since)
          from inserted i;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function count_attempt(text[], int, int[], timestamptz, timestamptz, timestamptz)`.execute(db);
}
