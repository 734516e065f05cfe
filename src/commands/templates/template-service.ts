import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../adapters/db/schema.js';
import type { ImageStore } from '../../adapters/storage/images.js';
import { DomainError, type Actor } from '../../domain/shared/events.js';
import { IMAGE_URL_PREFIX, STORED_IMAGE_URL } from '../../domain/shared/images.js';
import { templateDecider, type Requester, type TemplateCommand } from '../../domain/templates/decider.js';
import type { ReviewDecision } from '../../domain/templates/lifecycle.js';
import { templateFormStream, templateStream, type EditableContent, type TemplateEvent } from '../../domain/templates/events.js';
import { formProgressDecider, submittedFormSteps, type FormProgressField } from '../../domain/templates/form-progress.js';
import { deriveKeywords } from '../../domain/templates/keywords.js';
import { TEMPLATE_MESSAGES, TEMPLATE_SPONSOR_LIMIT, titleUrlFor, type TemplateContent } from '../../domain/templates/rules.js';
import { liveTemplatesWithoutKeywords, sponsoredCountExcept } from '../../projections/read-models/templates/queries.js';
import type { CommandBus, CommandResult } from '../bus/handle-command.js';

export interface TemplateServiceDeps {
  commands: CommandBus;
  db: Kysely<Schema>;
  /** Where uploaded screenshots are kept: a post may show only those uploaded here and still stored. */
  images: Pick<ImageStore, 'read'>;
  /** Waits (bounded) until the read models have applied a position. */
  waitForReadModels(position: bigint): Promise<unknown>;
}

/** The template lifecycle as commands: each method runs the template decider on the template's stream. */
export class TemplateService {
  /** Sponsor changes run one at a time, so the limit check below sees every earlier one. */
  #sponsorQueue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: TemplateServiceDeps) {}

  #run(templateId: string, command: TemplateCommand, actor: Actor, idempotencyKey?: string): Promise<CommandResult<TemplateEvent>> {
    return this.deps.commands.handle(templateDecider, templateStream(templateId), command, { actor, idempotencyKey });
  }

  /** Refuses screenshots not uploaded here (with the upload button) or no longer stored. */
  async #checkImages(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      if (!STORED_IMAGE_URL.test(url) || (await this.deps.images.read(url.slice(IMAGE_URL_PREFIX.length))) === null) {
        throw new DomainError('invalid', `${TEMPLATE_MESSAGES.fieldsInvalid}: Please upload screenshots with the upload button.`);
      }
    }
  }

  /** `touched`: the create form's touched flags sent with the submission (absent for other sources, which the funnel does not count). */
  async submit(
    authorId: string,
    content: TemplateContent,
    actor: Actor,
    touched?: Partial<Record<FormProgressField, boolean>>,
  ): Promise<{ templateId: string; titleUrl: string; position: bigint | null }> {
    await this.#checkImages(content.imageUrls);
    const templateId = randomUUID();
    const titleUrl = titleUrlFor(content.title, templateId);
    const formSteps = touched === undefined ? {} : { formSteps: submittedFormSteps(content, touched) };
    const result = await this.#run(
      templateId,
      { type: 'SubmitTemplate', data: { ...content, templateId, authorId, titleUrl, ...formSteps } },
      actor,
    );
    return { templateId, titleUrl, position: result.position };
  }

  /** `revision`: the content revision the editor opened; a post saved since is refused (409). `changeNote`: the author's note for the version it becomes. */
  async edit(
    templateId: string,
    requester: Requester,
    changes: Partial<EditableContent>,
    actor: Actor,
    revision?: number,
    changeNote: string | null = null,
  ) {
    if (changes.imageUrls) await this.#checkImages(changes.imageUrls);
    return this.#run(
      templateId,
      {
        type: 'EditTemplate',
        data: { templateId, requester, changes, changeNote, ...(revision === undefined ? {} : { revision }) },
      },
      actor,
    );
  }

  clearImages(templateId: string, requester: Requester, actor: Actor) {
    return this.#run(templateId, { type: 'ClearTemplateImages', data: { templateId, requester } }, actor);
  }

  requestPriceChange(templateId: string, requester: Requester, newPrice: number, actor: Actor) {
    return this.#run(templateId, { type: 'RequestPriceChange', data: { templateId, requester, newPrice } }, actor);
  }

  /** An admin's correction of the description, details and keywords, published at once. */
  adminEdit(
    templateId: string,
    changes: Partial<Pick<EditableContent, 'description' | 'instructions' | 'keywords'>>,
    reviewer: Actor & { userId: string },
  ) {
    return this.#run(templateId, { type: 'AdminEditTemplate', data: { templateId, reviewerId: reviewer.userId, changes } }, reviewer);
  }

  /** An admin sets the price directly (it settles a waiting request too). */
  changePrice(templateId: string, to: number, reviewer: Actor & { userId: string }) {
    return this.#run(templateId, { type: 'ChangePrice', data: { templateId, reviewerId: reviewer.userId, to } }, reviewer);
  }

  /** Approves or declines the author's waiting request; `requested` is the price the admin saw. */
  decidePriceChange(templateId: string, approve: boolean, requested: number, reason: string | null, reviewer: Actor & { userId: string }) {
    return this.#run(
      templateId,
      { type: 'DecidePriceChange', data: { templateId, reviewerId: reviewer.userId, approve, requested, reason } },
      reviewer,
    );
  }

  delete(templateId: string, requester: Requester, reason: string | null, actor: Actor) {
    return this.#run(templateId, { type: 'DeleteTemplate', data: { templateId, requester, reason } }, actor);
  }

  /** `revision`: the content revision the moderator saw; a post edited since is refused (409). */
  review(templateId: string, decision: ReviewDecision, reason: string | null, reviewer: Actor & { userId: string }, revision?: number) {
    return this.#run(
      templateId,
      {
        type: 'ReviewTemplate',
        data: { templateId, reviewerId: reviewer.userId, decision, reason, ...(revision === undefined ? {} : { revision }) },
      },
      reviewer,
    );
  }

  deletePermanently(templateId: string, reason: string | null, reviewer: Actor & { userId: string }) {
    return this.#run(
      templateId,
      { type: 'DeleteTemplatePermanently', data: { templateId, reviewerId: reviewer.userId, reason } },
      reviewer,
    );
  }

  /** Live → live flagged; for the reactor that watches users' flags (engagement). */
  flagForReview(templateId: string, reason: string, actor: Actor) {
    return this.#run(templateId, { type: 'FlagTemplateForReview', data: { templateId, reason } }, actor);
  }

  /**
   * Sponsors or un-sponsors, refusing a sponsorship beyond TEMPLATE_SPONSOR_LIMIT. The count
   * comes from the read model, so changes are queued in this process and each one waits until
   * the read model shows it. (Several API processes could each let one through at the same
   * moment; admins are few, and the next change sees the true count again.)
   */
  setSponsored(templateId: string, sponsored: boolean, reason: string | null, admin: Actor) {
    const change = this.#sponsorQueue.then(async () => {
      if (sponsored) {
        if ((await sponsoredCountExcept(this.deps.db, templateId)) >= TEMPLATE_SPONSOR_LIMIT)
          throw new DomainError('invalid', TEMPLATE_MESSAGES.sponsorLimit);
      }
      const result = await this.#run(templateId, { type: 'SetSponsored', data: { templateId, sponsored, reason } }, admin);
      if (result.position !== null) await this.deps.waitForReadModels(result.position);
      return result;
    });
    this.#sponsorQueue = change.catch(() => undefined);
    return change;
  }

  /**
   * Gives live posts without keywords keywords derived from their title and description (offline),
   * as the admin's corrections. Answers the posts filled and the last position written.
   */
  async fillMissingKeywords(
    admin: Actor & { userId: string },
  ): Promise<{ updated: { _id: string; title: string; keywords: string[] }[]; position: bigint | null }> {
    const updated: { _id: string; title: string; keywords: string[] }[] = [];
    let position: bigint | null = null;
    for (const post of await liveTemplatesWithoutKeywords(this.deps.db)) {
      const keywords = deriveKeywords(post.title, post.description_short);
      if (keywords.length === 0) continue;
      try {
        position = (await this.adminEdit(post.id, { keywords }, admin)).position ?? position;
      } catch (error) {
        // Edited or removed since the list was read: it is no longer one to fill.
        if (error instanceof DomainError) continue;
        throw error;
      }
      updated.push({ _id: post.id, title: post.title, keywords });
    }
    return { updated, position };
  }

  trackFormProgress(userId: string, formProgress: Record<string, boolean>, actor: Actor) {
    return this.deps.commands.handle(
      formProgressDecider,
      templateFormStream(userId),
      { type: 'TrackFormProgress', data: { userId, formProgress } },
      { actor },
    );
  }
}
