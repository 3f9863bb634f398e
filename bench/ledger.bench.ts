// Ledger throughput: bets placed through the real bet service (placeBet: a balanced ledger transaction, its
// postings and the bet row) by many players at once, beside pgbench's TPC-B-like transaction on the same
// PostgreSQL with as many clients. Also the house side spread over shards (what the server runs) against one hot
// house row that every bet locks.
//   npx tsx bench/ledger.bench.ts [--long]      (PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { createDb, type Db } from '../src/server/db/create-db';
import { migrateToLatest } from '../src/server/db/migrate';
import { placeBet } from '../src/server/services/ledger/bets';
import { createLedger, type Ledger } from '../src/server/services/ledger/ledger';
import { benchOptions, higherIsBetter, median, recordResult } from './lib/bench-kit';
import { BENCH_PG_URL, pgReachable } from './lib/bench-server';

const { long } = benchOptions();
const CLIENTS = Number(process.env.BENCH_PLAYERS ?? 16);
const SECONDS = long ? 15 : 4;
const ROUNDS = long ? 3 : 1;
const WARMUP_MS = 1000;
const SHARDS = Number(process.env.BENCH_SHARDS ?? 16);
/** pgbench's scale: as many branches as house shards, so neither side funnels through one hot row. */
const PGBENCH_SCALE = SHARDS;

const pgbenchBinary = (): string => {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = `/usr/lib/postgresql/${v}/bin/pgbench`;
    if (fs.existsSync(bin)) return bin;
  }
  return 'pgbench';
};

/** A throwaway database for one measurement, dropped afterwards. */
const withDatabase = async <T>(work: (url: string) => Promise<T>): Promise<T> => {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
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
  for (let i = 0; i < CLIENTS; i += 1) {
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

/** Each player places bets back to back for SECONDS; returns bets per second over all players. */
const betsPerSecond = (houseShards: number): Promise<number> =>
  withDatabase(async (url) => {
    const { db } = createDb({ databaseUrl: url, poolSize: CLIENTS });
    try {
      await migrateToLatest(db);
      const ledger = createLedger({ houseShards });
      const players = await seedPlayers(db, ledger);
      const betFor = async (ms: number): Promise<number> => {
        const until = Date.now() + ms;
        let done = 0;
        await Promise.all(
          players.map(async (memberId) => {
            while (Date.now() < until) {
              await db.transaction().execute((trx) =>
                placeBet(trx, ledger, { betId: randomUUID(), memberId, vendor: 'HOUSE', gameType: 'RNG', gameCode: 'HOUSE_DICE', gameName: 'Dice', stake: 1_00 }),
              );
              done += 1;
            }
          }),
        );
        return done;
      };
      // Not counted: the pool's connections open, their statements get prepared and the code compiles, as pgbench's
      // figure ("without initial connection time") leaves out its own start.
      await betFor(WARMUP_MS);
      const started = Date.now();
      const done = await betFor(SECONDS * 1000);
      return done / ((Date.now() - started) / 1000);
    } finally {
      await db.destroy();
    }
  });

/** pgbench -b tpcb-like with CLIENTS clients for SECONDS on a fresh database of PGBENCH_SCALE; returns its tps. */
const pgbenchTps = (): Promise<number> =>
  withDatabase(async (url) => {
    const bin = pgbenchBinary();
    execFileSync(bin, ['-i', '-q', '-s', String(PGBENCH_SCALE), url], { stdio: 'pipe' });
    const out = execFileSync(bin, ['-b', 'tpcb-like', '-n', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), url], { encoding: 'utf8', stdio: 'pipe' });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(tps[1]);
  });

const main = async () => {
  if (!(await pgReachable())) {
    console.log(`ledger bench: PostgreSQL not reachable at ${new URL(BENCH_PG_URL).host}; skipped`);
    return;
  }
  console.log(`ledger bench: ${CLIENTS} clients for ${SECONDS} s, ${ROUNDS} round(s), on ${new URL(BENCH_PG_URL).host}`);
  const ledger: number[] = [];
  const tpcb: number[] = [];
  const hotRow: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternated, so drift in the machine's load touches every side alike.
    tpcb.push(await pgbenchTps());
    ledger.push(await betsPerSecond(SHARDS));
    hotRow.push(await betsPerSecond(1));
    console.log(`  round ${round + 1}: pgbench tpcb-like ${tpcb.at(-1)!.toFixed(0)} tps, bets ${ledger.at(-1)!.toFixed(0)}/s (${SHARDS} house shards), ${hotRow.at(-1)!.toFixed(0)}/s (one house row)`);
  }
  const [bets, tps, hot] = [median(ledger), median(tpcb), median(hotRow)];
  recordResult({
    name: 'ledger',
    title: 'Ledger throughput',
    long,
    rows: [
      {
        measure: `bets through the ledger, ${SHARDS} house shards`,
        value: bets,
        unit: '/s',
        baseline: `pgbench tpcb-like, scale ${PGBENCH_SCALE}`,
        baselineValue: tps,
        ratio: higherIsBetter(bets, tps),
        target: '≥ 0.50',
        met: bets / tps >= 0.5,
      },
      {
        measure: `bets, ${SHARDS} house shards`,
        value: bets,
        unit: '/s',
        baseline: 'bets, one hot house row',
        baselineValue: hot,
        ratio: higherIsBetter(bets, hot),
      },
    ],
    notes: [`${CLIENTS} clients on each side, same PostgreSQL, ${SECONDS} s each after ${WARMUP_MS / 1000} s of bets not counted (pgbench leaves out its connection time), median of ${ROUNDS} round(s)`],
  });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
