import { DomainError, type Decider, type DomainEvent } from '../shared/events.js';
import type { CommentPosted, FlagEvent, LikeEvent, SaveEvent, TemplateClicked, TemplateReported, TemplateViewed } from './events.js';
import { commentProblem, ENGAGEMENT_MESSAGES } from './rules.js';

type UserTemplate = { templateId: string; userId: string };

export interface ToggleState {
  on: boolean;
}

/**
 * A per-user toggle (like, save, flag): the stream holds one user's toggles of one template,
 * so its last event says where it stands and the next toggle is the opposite. A command that
 * names the state it wants (`on`) changes nothing when the toggle is already there: a button
 * such as 'Remove from saved' must never flip a save back on from a stale page.
 */
function toggleDecider<CommandType extends string, On extends string, Off extends string>(
  on: On,
  off: Off,
): Decider<ToggleState, ToggleCommand<CommandType>, DomainEvent<On, UserTemplate> | DomainEvent<Off, UserTemplate>> {
  return {
    initialState: () => ({ on: false }),
    evolve: (_state, event) => ({ on: event.type === on }),
    decide: (command, state) => {
      const turnOn = command.on ?? !state.on;
      if (turnOn === state.on) return [];
      return [turnOn ? { type: on, data: command.data } : { type: off, data: command.data }];
    },
  };
}

/** `on` absent: flip; true or false: end in that state. */
type ToggleCommand<CommandType extends string> = { type: CommandType; data: UserTemplate; on?: boolean };
export type LikeState = ToggleState;
export type LikeCommand = ToggleCommand<'ToggleLike'>;
export type SaveCommand = ToggleCommand<'ToggleSave'>;
export type FlagCommand = ToggleCommand<'ToggleFlag'>;

export const likeDecider: Decider<ToggleState, LikeCommand, LikeEvent> = toggleDecider<'ToggleLike', 'TemplateLiked', 'TemplateUnliked'>(
  'TemplateLiked',
  'TemplateUnliked',
);
export const saveDecider: Decider<ToggleState, SaveCommand, SaveEvent> = toggleDecider<'ToggleSave', 'TemplateSaved', 'TemplateUnsaved'>(
  'TemplateSaved',
  'TemplateUnsaved',
);
export const flagDecider: Decider<ToggleState, FlagCommand, FlagEvent> = toggleDecider<
  'ToggleFlag',
  'TemplateFlagged',
  'TemplateUnflagged'
>('TemplateFlagged', 'TemplateUnflagged');

/** Counters need no state: every click or view is one more event. */
export type ClickCommand = { type: 'RecordClick'; data: UserTemplate };
export const clickDecider: Decider<null, ClickCommand, TemplateClicked> = {
  initialState: () => null,
  evolve: () => null,
  decide: (command) => [{ type: 'TemplateClicked', data: command.data }],
};

export type ViewCommand = { type: 'RecordView'; data: { templateId: string; userId: string | null } };
export const viewDecider: Decider<null, ViewCommand, TemplateViewed> = {
  initialState: () => null,
  evolve: () => null,
  decide: (command) => [{ type: 'TemplateViewed', data: command.data }],
};

export type PostCommentCommand = { type: 'PostComment'; data: CommentPosted['data'] };
export const commentDecider: Decider<{ posted: boolean }, PostCommentCommand, CommentPosted> = {
  initialState: () => ({ posted: false }),
  evolve: () => ({ posted: true }),
  decide: (command, state) => {
    if (state.posted) throw new DomainError('conflict', 'This comment was already posted.');
    const problem = commentProblem(command.data.message);
    if (problem) throw new DomainError('invalid', problem);
    return [{ type: 'CommentPosted', data: command.data }];
  },
};

/** The template's author comes with the command: the handler looks it up in the catalogue. */
export type ReportTemplateCommand = { type: 'ReportTemplate'; data: TemplateReported['data']; template: { authorId: string } };
export const reportDecider: Decider<{ reported: boolean }, ReportTemplateCommand, TemplateReported> = {
  initialState: () => ({ reported: false }),
  evolve: () => ({ reported: true }),
  decide: (command, state) => {
    if (state.reported) throw new DomainError('conflict', 'This report was already sent.');
    if (command.template.authorId === command.data.reporterId) throw new DomainError('forbidden', ENGAGEMENT_MESSAGES.reportOwnPost);
    return [{ type: 'TemplateReported', data: command.data }];
  },
};
