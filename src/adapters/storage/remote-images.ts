import { DomainError } from '../../domain/shared/events.js';
import { IMAGE_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '../../domain/shared/images.js';
import { BULK_IMPORT_MESSAGES } from '../../domain/templates/bulk-import.js';
import { fetchPublic, type PublicFetchLimits } from '../security/public-fetch.js';
import type { ImageStore } from './images.js';

/** A picture at a public address, fetched (SSRF-guarded) and stored as our own re-encoded WebP. */
export interface RemoteImageFetcher {
  /** The stored image's URL (`/api/images/….webp`); refuses a non-public address, a non-image or a failed fetch. */
  fetchAndStore(imageUrl: string): Promise<string>;
}

export const DEFAULT_REMOTE_IMAGE_LIMITS: PublicFetchLimits = {
  timeoutMs: 10_000,
  maxBytes: IMAGE_UPLOAD_MAX_BYTES + 1,
  maxRedirects: 3,
  allowPrivateAddresses: false,
};

export function createRemoteImageFetcher(images: ImageStore, overrides: Partial<PublicFetchLimits> = {}): RemoteImageFetcher {
  const limits = { ...DEFAULT_REMOTE_IMAGE_LIMITS, ...overrides };
  return {
    async fetchAndStore(imageUrl) {
      const answer = await fetchPublic(imageUrl, limits, {
        accept: 'image/*',
        contentType: /^image\//iu,
        userAgent: 'TesseraBot/0.1 (+bulk import)',
      });
      if (answer === null) throw new DomainError('invalid', BULK_IMPORT_MESSAGES.imageFailed);
      if (answer.truncated) throw new DomainError('invalid', IMAGE_MESSAGES.tooLarge);
      // The name only tells the image store it is a picture: the decoder decides what it really is (SVG is refused there).
      const extension = /\.(jpe?g|png|webp|bmp|tiff?|svg)$/iu.exec(answer.url.pathname)?.[0];
      return images.store(answer.body, extension ? `remote${extension}` : 'remote.png');
    },
  };
}
