import { DomainError, type Decider } from '../shared/events.js';
import type { TemplateEvent, TemplateStatus, TemplateSubmitted } from './events.js';

export interface TemplateState {
  status: TemplateStatus | null;
  sponsored: boolean;
}

export type TemplateCommand =
  | { type: 'SubmitTemplate'; data: TemplateSubmitted['data'] }
  | { type: 'ApproveTemplate'; data: { templateId: string; reviewerId: string } }
  | { type: 'SetSponsored'; data: { templateId: string; sponsored: boolean } };

export const templateDecider: Decider<TemplateState, TemplateCommand, TemplateEvent> = {
  initialState: () => ({ status: null, sponsored: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TemplateSubmitted':
        return { ...state, status: 'under review' };
      case 'TemplateApproved':
        return { ...state, status: 'live' };
      case 'TemplateSponsored':
        return { ...state, sponsored: event.data.sponsored };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitTemplate':
        if (state.status !== null) throw new DomainError('conflict', 'This template already exists.');
        return [{ type: 'TemplateSubmitted', data: command.data }];
      case 'ApproveTemplate':
        if (state.status === null) throw new DomainError('not_found', 'This post does not exist');
        if (state.status !== 'under review' && state.status !== 'under review edit') {
          throw new DomainError('conflict', `A template that is ${state.status} cannot be approved.`);
        }
        return [{ type: 'TemplateApproved', data: command.data }];
      case 'SetSponsored':
        if (state.status === null) throw new DomainError('not_found', 'This post does not exist');
        if (state.sponsored === command.data.sponsored) return [];
        return [{ type: 'TemplateSponsored', data: command.data }];
    }
  },
};
