import { describe, expect, it } from 'vitest';
import { IMAGE_EXTENSIONS, IMAGE_MESSAGES, imageFileRefusal } from './images.js';

describe('image upload extensions', () => {
  it('lists only what can be uploaded: no .svg in the extensions or in the wrong-extension message', () => {
    expect(IMAGE_EXTENSIONS).not.toContain('.svg');
    expect(IMAGE_EXTENSIONS).toContain('.bmp');
    expect(IMAGE_MESSAGES.invalidFormat).toBe(
      'Please use one of the following extensions: .jpg, .jpeg, .jfif, .png, .webp, .bmp, .tiff, .tif.',
    );
  });

  it('refuses a wrong extension with the list, an SVG (by name or media type) with why, and passes an image', () => {
    expect(imageFileRefusal('notes.txt', 'text/plain')).toBe(IMAGE_MESSAGES.invalidFormat);
    expect(imageFileRefusal('logo.SVG')).toBe(IMAGE_MESSAGES.svgRefused);
    expect(imageFileRefusal('logo.png', 'image/svg+xml')).toBe(IMAGE_MESSAGES.svgRefused);
    expect(imageFileRefusal('screen.bmp', 'image/bmp')).toBeNull();
  });
});
