import type { DomainEvent } from '../shared/events.js';
import type { Answers, GeneratedContent, GenerationKind } from './rules.js';

/**
 * A generation is a job with its own stream. The events hold the brief and the output (the
 * outline every file is built from) but no personal data: the owner is a user id or a keyed
 * digest of a guest's generator cookie, and briefs with e-mail addresses, phone or card numbers
 * are refused before anything is stored.
 */
export interface GenerationOwner {
  userId: string | null;
  /** For guests: a keyed digest of their generator cookie, so only that browser can poll the job. */
  guestKey: string | null;
}

export type GenerationRequested = DomainEvent<
  'GenerationRequested',
  {
    jobId: string;
    kind: GenerationKind;
    owner: GenerationOwner;
    brief: string;
    audience: string | null;
    numSlides: number | null;
    styleId: string | null;
    answers: Answers;
    /** Admin overrides, kept with the job so a rerun does the same. */
    promptOverride: string | null;
    hintsOverride: Record<string, unknown> | null;
  }
>;

export type GenerationStarted = DomainEvent<'GenerationStarted', { jobId: string; attempt: number; writer: 'model' | 'offline' }>;

export type GenerationProgressed = DomainEvent<'GenerationProgressed', { jobId: string; step: 'content_written' }>;

export type GenerationSucceeded = DomainEvent<
  'GenerationSucceeded',
  {
    jobId: string;
    fileId: string;
    fileName: string;
    content: GeneratedContent;
    writer: 'model' | 'offline';
    model: string | null;
    /** Set when Google credentials are configured and the file was also created in Google Slides / Docs. */
    google?: { fileId: string; openUrl: string; copyUrl: string } | null;
  }
>;

export type GenerationFailed = DomainEvent<
  'GenerationFailed',
  { jobId: string; reason: 'model_timeout' | 'model_unusable' | 'model_unreachable' | 'interrupted' | 'error'; message: string }
>;

/** 'Copy': a file of its own for whoever asked, built from the same outline. */
export type GeneratedFileCopied = DomainEvent<
  'GeneratedFileCopied',
  { jobId: string; fileId: string; fileName: string; copiedBy: string | null }
>;

export type GenerationEvent =
  GenerationRequested | GenerationStarted | GenerationProgressed | GenerationSucceeded | GenerationFailed | GeneratedFileCopied;

export const generationStream = (jobId: string) => `generation-${jobId}`;
