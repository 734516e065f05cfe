import type { Decider } from '../shared/events.js';
import type { LikeEvent } from './events.js';

export interface LikeState {
  liked: boolean;
}

export type LikeCommand = { type: 'ToggleLike'; data: { templateId: string; userId: string } };

export const likeDecider: Decider<LikeState, LikeCommand, LikeEvent> = {
  initialState: () => ({ liked: false }),
  evolve: (_state, event) => ({ liked: event.type === 'TemplateLiked' }),
  decide: (command, state) => [{ type: state.liked ? 'TemplateUnliked' : 'TemplateLiked', data: command.data }],
};
