import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { PersonalDataVault } from '../../adapters/vault/vault.js';
import { normaliseEmail } from '../../domain/accounts/rules.js';
import {
  clickDecider,
  commentDecider,
  flagDecider,
  likeDecider,
  reportDecider,
  saveDecider,
  viewDecider,
} from '../../domain/engagement/decider.js';
import {
  clickStream,
  commentStream,
  flagStream,
  likeStream,
  reportStream,
  saveStream,
  viewStream,
} from '../../domain/engagement/events.js';
import { ENGAGEMENT_MESSAGES } from '../../domain/engagement/rules.js';
import { type ReportForm } from '../../domain/engagement/schemas.js';
import { isEngageable } from '../../domain/templates/lifecycle.js';
import { templateStanding } from '../../projections/read-models/templates/queries.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import type { CommandBus } from '../bus/handle-command.js';

/** A signed-in actor: engagement other than viewing needs a user. */
export type MemberActor = Actor & { userId: string };

export interface EngagementServiceDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
  vault: PersonalDataVault;
  now?: () => Date;
}

/** Likes, saves, red flags, clicks, views, comments and reports: each a command on its own small stream. */
export class EngagementService {
  constructor(private readonly deps: EngagementServiceDeps) {}

  /** The template, if anyone may engage with it; otherwise the spec's 'This post does not exist'. */
  async engageableTemplate(templateId: string): Promise<{ id: string; authorId: string }> {
    const row = await templateStanding(this.deps.db, templateId);
    if (!row || !isEngageable(row.status)) throw new DomainError('not_found', ENGAGEMENT_MESSAGES.postDoesNotExist);
    return { id: row.id, authorId: row.author_id };
  }

  async toggleLike(templateId: string, actor: MemberActor, on?: boolean): Promise<{ position: bigint | null }> {
    await this.engageableTemplate(templateId);
    const data = { templateId, userId: actor.userId };
    return this.deps.commands.handle(likeDecider, likeStream(templateId, actor.userId), { type: 'ToggleLike', data, on }, { actor });
  }

  async toggleSave(templateId: string, actor: MemberActor, on?: boolean): Promise<{ position: bigint | null }> {
    await this.engageableTemplate(templateId);
    const data = { templateId, userId: actor.userId };
    return this.deps.commands.handle(saveDecider, saveStream(templateId, actor.userId), { type: 'ToggleSave', data, on }, { actor });
  }

  async toggleFlag(templateId: string, actor: MemberActor, on?: boolean): Promise<{ position: bigint | null }> {
    await this.engageableTemplate(templateId);
    const data = { templateId, userId: actor.userId };
    return this.deps.commands.handle(flagDecider, flagStream(templateId, actor.userId), { type: 'ToggleFlag', data, on }, { actor });
  }

  async recordClick(templateId: string, actor: MemberActor): Promise<{ position: bigint | null }> {
    await this.engageableTemplate(templateId);
    const data = { templateId, userId: actor.userId };
    return this.deps.commands.handle(clickDecider, clickStream(templateId, actor.userId), { type: 'RecordClick', data }, { actor });
  }

  async recordView(templateId: string, viewerId: string | null, actor: Actor): Promise<{ position: bigint | null }> {
    await this.engageableTemplate(templateId);
    const stream = viewStream(templateId, randomUUID());
    return this.deps.commands.handle(
      viewDecider,
      stream,
      { type: 'RecordView', data: { templateId, userId: viewerId } },
      { actor, now: this.#now() },
    );
  }

  async postComment(templateId: string, message: string, actor: MemberActor): Promise<{ commentId: string; position: bigint | null }> {
    await this.engageableTemplate(templateId);
    const commentId = randomUUID();
    const result = await this.deps.commands.handle(
      commentDecider,
      commentStream(commentId),
      { type: 'PostComment', data: { commentId, templateId, authorId: actor.userId, message } },
      { actor },
    );
    return { commentId, position: result.position };
  }

  /** The reporter's name, e-mail and message are encrypted with the reporter's key before they reach the log. */
  async report(form: ReportForm, actor: MemberActor): Promise<{ reportId: string; position: bigint | null }> {
    const template = await this.engageableTemplate(form.resourceId);
    const reportId = randomUUID();
    const { vault } = this.deps;
    const result = await this.deps.commands.handle(
      reportDecider,
      reportStream(reportId),
      {
        type: 'ReportTemplate',
        data: {
          reportId,
          templateId: template.id,
          reporterId: actor.userId,
          reason: form.reason ? form.reason : null,
          nameEnc: await vault.encrypt(actor.userId, form.name),
          emailEnc: await vault.encrypt(actor.userId, normaliseEmail(form.email)),
          messageEnc: await vault.encrypt(actor.userId, form.message),
        },
        template: { authorId: template.authorId },
      },
      { actor },
    );
    return { reportId, position: result.position };
  }

  #now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
