/** Client-side shrinking of a picture to the upload limit (spec: at most 1 MB, at most 100 iterations). */

import { IMAGE_COMPRESS_MAX_ITERATIONS, IMAGE_MAX_BYTES } from '@domain/shared/images.js';

export interface EncodingAttempt {
  /** JPEG quality, 0–1. */
  quality: number;
  /** Factor applied to both sides of the image. */
  scale: number;
}

const START_QUALITY = 0.92;
const MIN_QUALITY = 0.5;
const QUALITY_STEP = 0.07;
const SCALE_STEP = 0.85;

/** The attempt after one that came out too large: lower the quality first, then the size. */
export function nextEncodingAttempt(previous: EncodingAttempt): EncodingAttempt {
  if (previous.quality - QUALITY_STEP >= MIN_QUALITY) return { quality: previous.quality - QUALITY_STEP, scale: previous.scale };
  return { quality: MIN_QUALITY, scale: previous.scale * SCALE_STEP };
}

/**
 * Encodes with ever smaller settings until the result fits `maxBytes`, trying at most `maxIterations` times.
 * Resolves to null when it never fits.
 */
export async function shrinkUntilWithinLimit(
  encode: (attempt: EncodingAttempt) => Promise<Blob>,
  maxBytes: number = IMAGE_MAX_BYTES,
  maxIterations: number = IMAGE_COMPRESS_MAX_ITERATIONS,
): Promise<Blob | null> {
  let attempt: EncodingAttempt = { quality: START_QUALITY, scale: 1 };
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const encoded = await encode(attempt);
    if (encoded.size <= maxBytes) return encoded;
    attempt = nextEncodingAttempt(attempt);
  }
  return null;
}

/** Whether a picture must go through the canvas before upload: too large, or SVG, which the server refuses and a canvas turns into pixels. */
export function needsReencoding(file: { size: number; type: string; name: string }): boolean {
  return file.size > IMAGE_MAX_BYTES || file.type === 'image/svg+xml' || file.name.toLowerCase().endsWith('.svg');
}

/** Browser only: draws the file on a canvas and re-encodes it as JPEG until it fits the limit. */
export async function compressImageFile(file: File): Promise<Blob | null> {
  const bitmapSource = URL.createObjectURL(file);
  try {
    const image = await loadImage(bitmapSource);
    const width = image.naturalWidth || 512;
    const height = image.naturalHeight || 512;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (context === null) return null;
    return await shrinkUntilWithinLimit(async ({ quality, scale }) => {
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      // JPEG has no transparency: paint white under transparent pictures.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return new Promise<Blob>((resolve, reject) => {
        canvas.toBlob(
          (blob) => (blob === null ? reject(new Error('The picture could not be encoded')) : resolve(blob)),
          'image/jpeg',
          quality,
        );
      });
    });
  } finally {
    URL.revokeObjectURL(bitmapSource);
  }
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The file is not a picture the browser can read'));
    image.src = source;
  });
}
