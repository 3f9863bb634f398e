// Ledger throughput: bets posted by many players at once, with the house (GAMING) side spread over
// shards (what the server runs) against a baseline run beside it where the house is one hot row
// that every bet locks and updates. Prints transfers per second and the ratio.
//   npx tsx bench/ledger.bench.ts            (PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)
//   BENCH_PLAYERS=64 BENCH_SECONDS=5 npx tsx bench/ledger.bench.ts
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../src/server/db/create-db';
import { migrateToLatest } from '../src/server/db/migrate';
import { createLedger, type Ledger } from '../src/server/services/ledger/ledger';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 48);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const SHARDS = Number(process.env.BENCH_SHARDS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const withDatabase = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db } = createDb({ databaseUrl: url.toString(), poolSize: PLAYERS });
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
    // Closing pool connections may still be on the server; dropping under them would kill them mid-goodbye.
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

const seedPlayers = async (db: Db, ledger: Ledger): Promise<number[]> => {
  const ids: number[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const member = await db
      .insertInto('members')
      .values({ account: `bench${i}_${randomBytes(3).toString('hex')}`, nickname: 'Bench', type: 0, password_hash: 'bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      ledger.post(trx, {
        entryType: 'DEPOSIT',
        idempotencyKey: `bench-seed:${member.id}`,
        legs: [
          { account: { system: 'CASH' }, amount: -1_000_000_00 },
          { account: { memberId: member.id, wallet: 'MAIN' }, amount: 1_000_000_00 },
        ],
      }),
    );
    ids.push(member.id);
  }
  return ids;
};

/** Each player posts bets back to back for SECONDS; returns bets per second over all players. */
const measure = async (houseShards: number): Promise<number> =>
  withDatabase(async (db) => {
    const ledger = createLedger({ houseShards });
    const players = await seedPlayers(db, ledger);
    const until = Date.now() + SECONDS * 1000;
    let done = 0;
    const started = Date.now();
    await Promise.all(
      players.map(async (memberId) => {
        while (Date.now() < until) {
          await db.transaction().execute((trx) =>
            ledger.post(trx, {
              entryType: 'BET',
              idempotencyKey: `bench:${randomUUID()}`,
              legs: [
                { account: { memberId, wallet: 'MAIN' }, amount: -1_00 },
                { account: { system: 'GAMING' }, amount: 1_00 },
              ],
            }),
          );
          done += 1;
        }
      }),
    );
    return done / ((Date.now() - started) / 1000);
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const main = async () => {
  console.log(`ledger bench: ${PLAYERS} players betting at once for ${SECONDS}s, ${ROUNDS} rounds each, on ${new URL(adminUrl).host}`);
  const baseline: number[] = [];
  const sharded: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate, so drift in the machine's load touches both sides alike.
    baseline.push(await measure(1));
    sharded.push(await measure(SHARDS));
    console.log(`  round ${round + 1}: single house row ${baseline.at(-1)!.toFixed(0)}/s, ${SHARDS} shards ${sharded.at(-1)!.toFixed(0)}/s`);
  }
  const [b, s] = [median(baseline), median(sharded)];
  console.log(`baseline (one hot house row):  ${b.toFixed(0)} bets/s  ratio 1.00`);
  console.log(`sharded house (${SHARDS} rows):      ${s.toFixed(0)} bets/s  ratio ${(s / b).toFixed(2)}`);
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
