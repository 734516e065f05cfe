import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ScreenshotUploader } from './ScreenshotUploader.js';

describe('screenshot uploader', () => {
  it('offers and names the allowed extensions, without .svg', () => {
    const html = renderToStaticMarkup(<ScreenshotUploader imageUrls={[]} onImageUrlsChange={() => undefined} />);
    expect(html).toContain('Allowed: .jpg, .jpeg, .jfif, .png, .webp, .bmp, .tiff, .tif.');
    expect(html).toContain('accept=".jpg,.jpeg,.jfif,.png,.webp,.bmp,.tiff,.tif,image/*"');
    expect(html).not.toContain('.svg');
  });
});
