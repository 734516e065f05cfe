import type { Answers, GenerationKind, GeneratorApp, QuestionSet } from '@domain/generator/rules.js';
import { apiRequest } from '@/lib/api-client.js';
import type { JobView } from './job-polling.js';

export interface StyleOption {
  id: string;
  name: string;
  thumbUrl: string;
}

export interface BriefInput {
  brief: string;
  audience?: string;
  app: GeneratorApp;
  numSlides?: number | null;
}

export const generatorStatus = () =>
  apiRequest<{ mode: 'model' | 'offline'; versionLabel: string }>('/ai/status', { authFailures: 'silent' });
export const slideStyles = () => apiRequest<StyleOption[]>('/ai/templates/list', { authFailures: 'silent' });
export const generatorDefaults = () =>
  apiRequest<{ defaultPromptTemplate: string; defaultHints: Record<string, unknown> }>('/ai/templates/slides/defaults', {
    authFailures: 'silent',
  });
export const followUpQuestions = (brief: BriefInput) =>
  apiRequest<{ questions: QuestionSet[] }>('/ai/templates/questions', { method: 'POST', body: brief, authFailures: 'silent' });

export const startGeneration = (
  body: BriefInput & {
    format?: 'html';
    templateId?: string | null;
    answers?: Answers;
    overridePromptTemplate?: string;
    overrideHints?: string;
  },
) => apiRequest<{ jobId?: string }>('/ai/templates', { method: 'POST', body, authFailures: 'silent' });

export const jobStatus = (kind: GenerationKind, jobId: string, signal?: AbortSignal) =>
  apiRequest<JobView>(`/ai/templates/${kind}/job/${encodeURIComponent(jobId)}`, { authFailures: 'silent', signal });

export const copyGeneratedFile = (fileId: string) =>
  apiRequest<{ fileId: string; fileName: string; resultUrl: string }>(`/ai/templates/files/${encodeURIComponent(fileId)}/copy`, {
    method: 'POST',
    authFailures: 'silent',
  });
