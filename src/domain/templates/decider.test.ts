import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/events.js';
import { templateDecider, type TemplateCommand } from './decider.js';
import type { TemplateApproved, TemplateEvent, TemplateSponsored, TemplateSubmitted } from './events.js';

const templateId = '7d2c5b8e-4f0a-4c8b-9a3e-2b1d0c9e8f71';
const authorId = 'a1b2c3d4-0000-4000-8000-000000000001';
const reviewerId = 'a1b2c3d4-0000-4000-8000-000000000002';

const submittedData: TemplateSubmitted['data'] = {
  templateId,
  authorId,
  titleUrl: 'weekly-planner-7d2c5b8e',
  title: 'Weekly Planner',
  description: 'Plan the week in Notion.',
  instructions: 'Duplicate it.',
  url: 'https://example.com/weekly-planner',
  topic: 'productivity',
  platform: 'notion',
  keywords: ['planner'],
  price: 0,
  imageUrls: [],
};

const submit: TemplateCommand = { type: 'SubmitTemplate', data: submittedData };
const approve: TemplateCommand = { type: 'ApproveTemplate', data: { templateId, reviewerId } };
const sponsor = (sponsored: boolean): TemplateCommand => ({ type: 'SetSponsored', data: { templateId, sponsored } });

const submitted: TemplateSubmitted = { type: 'TemplateSubmitted', data: submittedData };
const approved: TemplateApproved = { type: 'TemplateApproved', data: { templateId, reviewerId } };
const sponsored = (value: boolean): TemplateSponsored => ({ type: 'TemplateSponsored', data: { templateId, sponsored: value } });

const spec = deciderSpec(templateDecider);

describe('template decider', () => {
  describe('SubmitTemplate', () => {
    it('submits a new template for review', () => {
      spec.given([]).when(submit).then([submitted]);
    });

    it('refuses to submit the same template twice', () => {
      spec.given([submitted]).when(submit).thenThrows('conflict', 'This template already exists.');
      spec.given([submitted, approved]).when(submit).thenThrows('conflict', 'This template already exists.');
    });
  });

  describe('ApproveTemplate', () => {
    it('refuses to approve an unknown template', () => {
      spec.given([]).when(approve).thenThrows('not_found', 'This post does not exist');
    });

    it('approves a template under review', () => {
      spec.given([submitted]).when(approve).then([approved]);
    });

    it('approves a template whose edit is under review', () => {
      // No event leads to 'under review edit' yet: ask decide with that state directly.
      expect(templateDecider.decide(approve, { status: 'under review edit', sponsored: false })).toEqual([approved]);
    });

    it('refuses to approve a live template', () => {
      spec.given([submitted, approved]).when(approve).thenThrows('conflict', 'A template that is live cannot be approved.');
    });

    it('refuses to approve templates in any other status', () => {
      for (const status of ['live flagged', 'not approved', 'hidden'] as const) {
        const error = (() => {
          try {
            templateDecider.decide(approve, { status, sponsored: false });
          } catch (caught) {
            return caught;
          }
          return undefined;
        })();
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ kind: 'conflict', message: `A template that is ${status} cannot be approved.` });
      }
    });
  });

  describe('SetSponsored', () => {
    it('refuses to sponsor an unknown template', () => {
      spec.given([]).when(sponsor(true)).thenThrows('not_found', 'This post does not exist');
    });

    it('sponsors a template', () => {
      spec.given([submitted, approved]).when(sponsor(true)).then([sponsored(true)]);
    });

    it('sponsoring twice decides nothing', () => {
      spec.given([submitted, approved, sponsored(true)]).when(sponsor(true)).then([]);
    });

    it('un-sponsoring a template that is not sponsored decides nothing', () => {
      spec.given([submitted, approved]).when(sponsor(false)).then([]);
      spec.given([submitted, sponsored(true), sponsored(false)]).when(sponsor(false)).then([]);
    });

    it('un-sponsors a sponsored template', () => {
      spec.given([submitted, approved, sponsored(true)]).when(sponsor(false)).then([sponsored(false)]);
    });
  });

  it('evolves status and sponsorship from the events', () => {
    const fold = (events: TemplateEvent[]) => events.reduce(templateDecider.evolve, templateDecider.initialState());
    expect(fold([])).toEqual({ status: null, sponsored: false });
    expect(fold([submitted])).toEqual({ status: 'under review', sponsored: false });
    expect(fold([submitted, approved, sponsored(true)])).toEqual({ status: 'live', sponsored: true });
    expect(fold([submitted, approved, sponsored(true), sponsored(false)])).toEqual({ status: 'live', sponsored: false });
  });
});
