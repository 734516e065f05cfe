import type { AppDeps } from '../app.js';

/** The read models' database, as the app's deps hold it: routes read it through the read models' queries only. */
export type ReadModelDb = AppDeps['database']['db'];
/** The personal-data vault: opens what the read models keep encrypted. */
export type Vault = AppDeps['vault'];
/** Waits (bounded) until the read models show a command's effect: read-your-writes. */
export type Settle = (position: bigint | null) => Promise<void>;
