import { protocol, type PGlite } from '@electric-sql/pglite';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PREPARABLE } from './prepared';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type ParameterDescription = InstanceType<typeof protocol.messages.ParameterDescriptionMessage>;
type DataRow = InstanceType<typeof protocol.messages.DataRowMessage>;
type CommandComplete = InstanceType<typeof protocol.messages.CommandCompleteMessage>;

interface Statement {
  name: string;
  /** PostgreSQL's type of each parameter, which picks its serializer. */
  parameterTypes: number[];
  /** The result's columns with their parsers (none for a statement without rows). */
  columns: { name: string; parse: ((text: string, typeId: number) => unknown) | undefined; typeId: number }[];
}

/**
 * Statements kept prepared at once; past it the least recently used one is closed. The code builds a bounded set
 * of query texts, but lists of varying length (`in ($1, $2…)`) make a new text per length.
 */
const MAX_PREPARED = 500;

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const affectedRows = (complete: CommandComplete | undefined): bigint | undefined => {
  const words = complete?.text.split(' ') ?? [];
  switch (words[0]) {
    case 'INSERT':
      return BigInt(words[2] ?? 0);
    case 'UPDATE':
    case 'DELETE':
    case 'MERGE':
      return BigInt(words[1] ?? 0);
    default:
      return undefined;
  }
};

/**
 * A connection that runs each query as a named prepared statement: parsed, planned and described once, then
 * each call sends Bind, Execute and Sync in one message and turns the data rows into objects with the column
 * parsers found at preparation. PGlite's own `query` parses, describes and binds every call in six trips into
 * the engine and copies its table of over 300 type parsers for each result: about ten times the cost of a
 * lookup by key (measured on this machine), which made every signed-in call of the embedded database slow.
 */
class PreparedConnection implements DatabaseConnection {
  readonly #statements = new Map<string, Statement>();
  #nextName = 0;

  constructor(readonly pglite: PGlite) {}

  async #prepare(sql: string): Promise<Statement> {
    const known = this.#statements.get(sql);
    if (known) {
      // Most recently used last, so the first one is the one to close.
      this.#statements.delete(sql);
      this.#statements.set(sql, known);
      return known;
    }
    if (this.#statements.size >= MAX_PREPARED) {
      const [oldSql, oldest] = this.#statements.entries().next().value!;
      this.#statements.delete(oldSql);
      await this.pglite.execProtocolStream(concat([protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync()]));
    }
    this.#nextName += 1;
    const name = `k${this.#nextName}`;
    const messages = await this.pglite.execProtocolStream(
      concat([protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
    );
    const parameters = messages.find((m): m is ParameterDescription => m.name === 'parameterDescription');
    const row = messages.find((m): m is RowDescription => m.name === 'rowDescription');
    const statement: Statement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      columns: (row?.fields ?? []).map((f) => ({ name: f.name, parse: this.pglite.parsers[f.dataTypeID], typeId: f.dataTypeID })),
    };
    this.#statements.set(sql, statement);
    return statement;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!PREPARABLE.test(query.sql)) return this.#unprepared<R>(query);
    const statement = await this.#prepare(query.sql);
    const values = query.parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.pglite.serializers[statement.parameterTypes[i]!];
      return serialize ? serialize(value) : String(value);
    });
    let messages: BackendMessage[];
    try {
      messages = await this.pglite.execProtocolStream(
        concat([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      );
    } catch (error) {
      // "cached plan must not change result type": a table under the statement changed shape. Prepared again next time.
      if ((error as { code?: string }).code === '0A000') this.#statements.delete(query.sql);
      throw error;
    }
    const rows: Record<string, unknown>[] = [];
    let complete: CommandComplete | undefined;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const row: Record<string, unknown> = {};
        (message as DataRow).fields.forEach((text, i) => {
          const column = statement.columns[i]!;
          row[column.name] = text === null || !column.parse ? text : column.parse(text, column.typeId);
        });
        rows.push(row);
      } else if (message.name === 'commandComplete') {
        complete = message as CommandComplete;
      }
    }
    const numAffectedRows = affectedRows(complete);
    return { rows: rows as R[], ...(numAffectedRows === undefined ? {} : { numAffectedRows }) };
  }

  /** Transaction control and schema changes: through PGlite's own query, as they come rarely. */
  async #unprepared<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(query.sql, [...query.parameters]);
    return { rows: result.rows, ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}) };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported on PGlite');
  }
}

/**
 * One connection, used by one caller at a time (PGlite is a single session): a caller waits until the one before
 * released it, as in kysely-pglite-dialect's driver.
 */
class PreparedDriver implements Driver {
  readonly #connection: PreparedConnection;
  #busy = false;
  readonly #waiting: ((connection: DatabaseConnection) => void)[] = [];

  constructor(pglite: PGlite) {
    this.#connection = new PreparedConnection(pglite);
  }

  async init(): Promise<void> {
    // PGlite starts in the background; its own `query` waits for that, the protocol calls used here do not.
    await this.#connection.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#busy) {
      this.#busy = true;
      return this.#connection;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) next(this.#connection);
    else this.#busy = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin';
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.#connection.pglite.close();
  }
}

/** kysely-pglite-dialect's adapter, compiler and introspector, with the prepared-statement driver above. */
export class PreparedPGliteDialect extends PGliteDialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    super(pglite);
    this.#pglite = pglite;
  }

  override createDriver(): Driver {
    return new PreparedDriver(this.#pglite);
  }
}
