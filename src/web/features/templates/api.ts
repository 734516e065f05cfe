import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import { ApiError, apiRequest } from '../../lib/api-client.js';
import type { createRequestBody, editRequestBody, FieldProblem, TouchedFlags } from './template-form.js';

/** A 400 from create or edit names the fields it refused. */
export class FieldsRefusedError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly fields: FieldProblem[],
  ) {
    super(status, message);
  }
}

export interface TemplateDetail extends ResourceView {
  statusLabel: string;
  link: string | null;
  owners: string[];
  updatedAt: string;
}

export interface TemplateDetailAnswer {
  data: TemplateDetail;
  permissions: { isAuthor: boolean; canEdit: boolean; canSeeHistory: boolean; canSponsor: boolean; canDeletePermanently: boolean; canReport: boolean };
}

export interface TemplateSuggestion {
  found: boolean;
  message: string;
  type: string | null;
  platform: string | null;
  title: string | null;
  description: string | null;
  instructions: string | null;
}

interface SavedAnswer {
  error: boolean;
  message: string;
  redirect: string;
}

/** Refusals (403 for a non-editor) are shown on the page, not as the shell's 'Access Denied'. Create and edit send JSON and read `fields` from a 400, which the shared client drops; so they make their own request. */
async function sendForm<Answer>(path: string, method: 'POST' | 'PUT', body: unknown): Promise<Answer> {
  const response = await fetch(`/api${path}`, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  const answer = (await response.json().catch(() => null)) as (Answer & { message?: string; fields?: FieldProblem[] }) | null;
  if (!response.ok) {
    const message = answer?.message ?? `Request failed: ${response.status}`;
    if (Array.isArray(answer?.fields)) throw new FieldsRefusedError(response.status, message, answer.fields);
    throw new ApiError(response.status, message);
  }
  if (answer === null) throw new ApiError(response.status, 'The server sent an answer that is not JSON.');
  return answer;
}

export function createTemplate(body: ReturnType<typeof createRequestBody>): Promise<SavedAnswer> {
  return sendForm('/resources', 'POST', body);
}

export function editTemplate(id: string, body: ReturnType<typeof editRequestBody>): Promise<SavedAnswer> {
  return sendForm(`/resources/${encodeURIComponent(id)}`, 'PUT', body);
}

export function fetchTemplateForEditing(titleUrl: string, signal?: AbortSignal): Promise<TemplateDetailAnswer> {
  return apiRequest(`/resources/${encodeURIComponent(titleUrl)}`, { signal, authFailures: 'silent' });
}

export function suggestFromUrl(url: string): Promise<TemplateSuggestion> {
  return apiRequest('/resources/suggest', { method: 'POST', body: { url } });
}

export function deleteTemplate(id: string): Promise<{ error: boolean; message: string }> {
  return apiRequest(`/resources/delete/${encodeURIComponent(id)}`, { method: 'PUT', body: {}, authFailures: 'silent' });
}

export function requestPriceChange(resourceId: string, resourceTitle: string, newPrice: number): Promise<{ success: boolean; message: string }> {
  return apiRequest('/zapier', { method: 'POST', body: { newPrice, resourceId, resourceTitle }, authFailures: 'silent' });
}

/** Progress tracking: failures are only logged (spec section 8). */
export async function trackFormProgress(username: string, formProgress: TouchedFlags): Promise<void> {
  try {
    await apiRequest('/analytics/track-progress', { method: 'POST', body: { username, formProgress }, authFailures: 'silent' });
  } catch (error) {
    console.warn('Could not record the form progress', error);
  }
}

/**
 * Uploads one screenshot (multipart field "image") and resolves to its address. XMLHttpRequest, not fetch,
 * because only it reports upload progress.
 */
export function uploadScreenshot(image: Blob, fileName: string, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/images?imagePostUpload=true');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'The upload failed. Please check your connection and try again.'));
    request.onload = () => {
      let answer: { Location?: string; message?: string } | null = null;
      try {
        answer = JSON.parse(request.responseText) as { Location?: string; message?: string };
      } catch {
        // Not JSON: reported below.
      }
      if (request.status >= 200 && request.status < 300 && typeof answer?.Location === 'string') resolve(answer.Location);
      else reject(new ApiError(request.status, answer?.message ?? `The upload failed (${request.status}).`));
    };
    const body = new FormData();
    body.append('image', image, fileName);
    request.send(body);
  });
}
