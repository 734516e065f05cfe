import { IMAGE_MESSAGES } from '../domain/shared/images.js';
import { HttpError } from './errors.js';

/** @fastify/multipart's code for a file past its size limit. */
const FILE_TOO_LARGE_CODE = 'FST_REQ_FILE_TOO_LARGE';

/** Why an uploaded file could not be read: past the size limit (413), or a body cut off or malformed (400). */
export function uploadReadError(error: unknown): HttpError {
  const code = (error as { code?: unknown } | null)?.code;
  return code === FILE_TOO_LARGE_CODE ? new HttpError(413, IMAGE_MESSAGES.tooLarge) : new HttpError(400, IMAGE_MESSAGES.uploadIncomplete);
}
