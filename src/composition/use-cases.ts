import type { TemplateWriter } from '../adapters/ai/writer.js';
import type { Kysely } from 'kysely';
import type { Schema } from '../adapters/db/schema.js';
import type { MailSender } from '../adapters/mail/port.js';
import type { SearchIndex } from '../adapters/search/port.js';
import type { PersonalDataVault } from '../adapters/vault/vault.js';
import { createSearchRecording } from '../commands/discovery/record-search.js';
import { createGenerationUseCases } from '../commands/generator/generation.js';
import type { CommandBus } from '../commands/bus/handle-command.js';
import { createMassEmail } from '../commands/mass-email/campaigns.js';
import { createOutreach } from '../commands/outreach/outreach.js';
import { createHelpDesk } from '../commands/support/help-desk.js';
import { createSupportDesk } from '../commands/support/conversations.js';
import { helpPassagesAt } from '../domain/support/help-content.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import { createAccessTokens } from '../commands/integrations/access-tokens.js';
import { createWebhooks } from '../commands/integrations/webhooks.js';

export interface UseCaseDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  /** Asked whether a recorded search found live posts (popular searches show only such terms, or members' ones). */
  search: SearchIndex;
  writer: TemplateWriter;
  mail: MailSender;
  publicUrl: string;
  platformFeePercent: number;
  store: EventStore;
  webhooksAllowPrivateTargets: boolean;
}

/** The generator's, search's, support's, outreach's and mass e-mail's use cases, composed once for the app. */
export function composeUseCases(deps: UseCaseDeps) {
  const { commands, db, vault } = deps;
  return {
    generation: createGenerationUseCases({ commands, db, writer: deps.writer }),
    searchRecording: createSearchRecording({ commands, vault, search: deps.search }),
    support: createSupportDesk({ commands, vault, helpDesk: createHelpDesk(deps.writer, helpPassagesAt(deps.platformFeePercent)) }),
    outreach: createOutreach({ commands, db, vault }),
    massEmail: createMassEmail({ commands, db, vault, mail: deps.mail, publicUrl: deps.publicUrl }),
    accessTokens: createAccessTokens({ commands, db }),
    webhooks: createWebhooks({ commands, db, vault, store: deps.store, allowPrivateTargets: deps.webhooksAllowPrivateTargets }),
  };
}

export type UseCases = ReturnType<typeof composeUseCases>;
