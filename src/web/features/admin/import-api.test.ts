import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { BULK_IMPORT_MESSAGES } from '@domain/templates/bulk-import.js';
import { readCsvFile } from './import-api.js';

describe('reading the bulk import file', () => {
  it('says a picture renamed .csv is not a text file, without echoing its bytes', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const read = await readCsvFile(new File([new Uint8Array(png)], 'templates.csv', { type: 'text/csv' }));
    expect(read).toEqual({ payloads: [], fileError: BULK_IMPORT_MESSAGES.notText });
  });

  it('reads a UTF-8 CSV file, with or without a byte order mark', async () => {
    const csv = 'type,title,platform,description,url\nproductivity,Café board,notion,Plan it.,https://example.com/board\n';
    for (const bytes of [csv, `\uFEFF${csv}`]) {
      const read = await readCsvFile(new File([bytes], 'templates.csv', { type: 'text/csv' }));
      expect(read.fileError).toBeNull();
      expect(read.payloads.map((payload) => payload.title)).toEqual(['Café board']);
    }
  });
});
