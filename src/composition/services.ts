import { createPageMetadataSuggester, type TemplateSuggester } from '../adapters/ai/template-suggester.js';
import { eventsAboutTemplate } from '../adapters/eventstore/events-about-template.js';
import { createRemoteImageFetcher, type RemoteImageFetcher } from '../adapters/storage/remote-images.js';
import { createSvgToPng } from '../adapters/storage/svg-to-png.js';
import { createAuditService, type AuditService } from '../commands/audit/audit-service.js';
import { createSalesStatements, type SalesStatements } from '../commands/commerce/statement.js';
import { importBulkRows } from '../commands/templates/bulk-import.js';
import { createSocialCards, type SocialCardOf } from '../commands/templates/social-cards.js';
import { CurationService } from '../commands/discovery/curation.js';
import { TemplateService } from '../commands/templates/template-service.js';
import { createVisibilityService, type VisibilityService } from '../commands/templates/visibility-service.js';
import { VersionService } from '../commands/templates/versions.js';
import type { Actor } from '../domain/shared/events.js';
import type { ValidationReport } from '../domain/shared/read-model-validation.js';
import type { BulkImportPayload, BulkRowReport } from '../domain/templates/bulk-import.js';
import { upcasters } from '../domain/upcasters.js';
import { templateHistories, type TemplateHistories } from '../projections/read-models/templates/history.js';
import { validateReadModels } from '../projections/validation.js';
import { composeAccountUseCases, type AccountUseCases } from './accounts.js';
import type { Infrastructure } from './infrastructure.js';
import { composeUseCases, type UseCases } from './use-cases.js';

/*
 * The app's use cases, composed once from the infrastructure and handed to the routes: a route
 * calls a use case and never builds one, nor reaches an adapter or the command bus itself.
 */

/** What the use cases are built from. */
export type ServiceInfrastructure = Pick<
  Infrastructure,
  | 'commands'
  | 'database'
  | 'store'
  | 'images'
  | 'runner'
  | 'vault'
  | 'writer'
  | 'mail'
  | 'publicUrl'
  | 'commerce'
  | 'accounts'
  | 'google'
  | 'search'
  | 'webhooksAllowPrivateTargets'
> &
  Partial<Pick<Infrastructure, 'chain'>> & {
    /** Suggestions for the create form's Fetch button; by default the offline page reader. */
    suggester?: TemplateSuggester | undefined;
    /** Pictures the bulk import fetches from addresses in a CSV file; by default SSRF-guarded, public addresses only. */
    remoteImages?: RemoteImageFetcher | undefined;
  };

export interface ServiceOptions {
  /** How long a use case that reads its own write (the sponsor limit) waits for the read models. */
  readYourWritesTimeoutMs: number;
}

// ─── templates: posts, their review and history, the bulk import, the home page's curated lists ───

export interface TemplateUseCases {
  /** The template lifecycle: submit, edit, review, sponsor, delete … */
  lifecycle: TemplateService;
  /** Every event that named a template, as its author or an admin may read it. */
  history: TemplateHistories;
  /** A buyer's version choice, a saver's update notices, a post as it was at a past moment. */
  versions: VersionService;
  /** Type, platform, title … suggested from a template's address. */
  suggester: TemplateSuggester;
  /** The admin portal's CSV import (`importBulkRows`). */
  importRows(
    payloads: readonly BulkImportPayload[],
    options: { dryRun: boolean; admin: Actor & { userId: string } },
  ): Promise<{ reports: BulkRowReport[]; position: bigint | null }>;
  /** Fetches a picture from a public address and stores it. */
  remoteImages: RemoteImageFetcher;
  /** The home page's collections and top apps. */
  curation: CurationService;
  /** Where a post is shown and why, now or at a past moment (the author's and admins' Visibility panel). */
  visibility: VisibilityService;
  /** Rebuilds every read model from the log into scratch tables and compares them with the live ones. */
  validateReadModels(): Promise<ValidationReport>;
  /** The card a public post without pictures shares on social networks (og:image). */
  socialCardOf: SocialCardOf;
}

export function composeTemplateUseCases(infrastructure: ServiceInfrastructure, options: ServiceOptions): TemplateUseCases {
  const { commands, database, store, images, runner } = infrastructure;
  const db = database.db;
  const remoteImages = infrastructure.remoteImages ?? createRemoteImageFetcher(images);
  const aboutTemplate = eventsAboutTemplate(store, db, upcasters);
  return {
    lifecycle: new TemplateService({
      commands,
      db,
      images,
      waitForReadModels: (position) => runner.waitFor(position, options.readYourWritesTimeoutMs),
    }),
    history: templateHistories(db, aboutTemplate),
    versions: new VersionService({ commands, db, eventsAboutTemplate: aboutTemplate }),
    suggester: infrastructure.suggester ?? createPageMetadataSuggester(),
    importRows: (payloads, importOptions) => importBulkRows({ commands, db, store, images: remoteImages }, payloads, importOptions),
    remoteImages,
    curation: new CurationService({ commands, db }),
    visibility: createVisibilityService({
      db,
      search: infrastructure.search,
      store,
      eventsAboutTemplate: aboutTemplate,
    }),
    validateReadModels: () => validateReadModels(database, store, runner.projections),
    socialCardOf: createSocialCards({ db, svgToPng: createSvgToPng() }),
  };
}

// ─── the app ───

export interface AppServices extends UseCases, AccountUseCases {
  templates: TemplateUseCases;
  /** The audit chain's head and each post's trail of decisions. */
  audit: AuditService;
  /** Sellers' statements, folded from the log. */
  statements: SalesStatements;
}

/** Every use case the routes call, each built once, here. */
export function composeServices(infrastructure: ServiceInfrastructure, options: ServiceOptions): AppServices {
  const { database, store } = infrastructure;
  return {
    templates: composeTemplateUseCases(infrastructure, options),
    audit: createAuditService(infrastructure.chain ?? null, eventsAboutTemplate(store, database.db, upcasters)),
    statements: createSalesStatements(database.db, store),
    ...composeAccountUseCases(infrastructure),
    ...composeUseCases({
      ...infrastructure,
      db: infrastructure.database.db,
      platformFeePercent: infrastructure.commerce.platformFeePercent,
    }),
  };
}
