import type { TemplateSuggestion } from '@domain/templates/url-hints.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import type { createRequestBody, editRequestBody, TouchedFlags } from './template-form.js';

interface SavedAnswer {
  error: boolean;
  message: string;
  redirect: string;
}

/** `formProgress`: the touched flags go with the post, so the funnel counts the last touches before a quick submit. */
export function createTemplate(body: ReturnType<typeof createRequestBody>, formProgress: TouchedFlags): Promise<SavedAnswer> {
  return apiRequest('/resources', { method: 'POST', body: { ...body, formProgress }, authFailures: 'silent' });
}

export function editTemplate(
  id: string,
  body: ReturnType<typeof editRequestBody>,
): Promise<SavedAnswer & { resource: { revision: number } }> {
  return apiRequest(`/resources/${encodeURIComponent(id)}`, { method: 'PUT', body, authFailures: 'silent' });
}

/** Whether the post has an approved version (its edits are then numbered and may carry a change note). */
export async function hasPublishedVersion(id: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiRequest<{ versions: unknown[] }>(`/resources/${encodeURIComponent(id)}/versions`, {
    signal,
    authFailures: 'silent',
  });
  return answer.versions.length > 0;
}

export function suggestFromUrl(url: string): Promise<TemplateSuggestion> {
  return apiRequest('/resources/suggest', { method: 'POST', body: { url } });
}

export function deleteTemplate(id: string): Promise<{ error: boolean; message: string }> {
  return apiRequest(`/resources/delete/${encodeURIComponent(id)}`, { method: 'PUT', body: {}, authFailures: 'silent' });
}

export function requestPriceChange(
  resourceId: string,
  resourceTitle: string,
  newPrice: number,
): Promise<{ success: boolean; message: string }> {
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
