import { PGliteDialect, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Kysely's PGlite driver hands the single PGlite connection to every caller at once, so a
 * plain query issued while another caller's transaction is open would run inside that
 * transaction. This wrapper queues callers: one holder of the connection at a time.
 */
class SerialisedDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

export class SerialisedPGliteDialect extends PGliteDialect {
  constructor(pglite: PGlite) {
    super({ pglite });
  }
  override createDriver(): Driver {
    return new SerialisedDriver(super.createDriver());
  }
}
