import type { AppServices } from '../../../composition/services.js';
import type { AppDeps } from '../../app.js';

/** What the template routes are given: the read side of the app, and the template use cases composed once. */
export interface TemplateRouteDeps {
  db: AppDeps['database']['db'];
  vault: AppDeps['vault'];
  /** Stores uploaded screenshots. */
  images: AppDeps['images'];
  mail: AppDeps['mail'];
  templates: AppServices['templates'];
  /** Waits (bounded) until the read models show a command's effect: read-your-writes. */
  settle(position: bigint | null): Promise<void>;
  log(message: string): void;
}
