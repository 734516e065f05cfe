/** The admin portal's validate action (generator-admin-site.md sections 7 and 8): the read models against a rebuild of the log. */
export const VALIDATION_MESSAGES = {
  valid: 'Validation successful',
  differences: 'The read models differ from a rebuild of the log',
  alreadyRunning: 'A validation is already running: wait for its answer, then try again.',
} as const;

/** One read-model table whose live rows differ from a rebuild of the log. */
export interface TableDifference {
  table: string;
  projection: string;
  liveRows: number;
  rebuiltRows: number;
  /** Rows the live table holds that the rebuild does not (counted with repeats). */
  onlyLive: number;
  /** Rows the rebuild holds that the live table does not. */
  onlyRebuilt: number;
}

export interface ValidationReport {
  tables: number;
  /** The log position the comparison was made at. */
  position: string;
  differences: TableDifference[];
}
