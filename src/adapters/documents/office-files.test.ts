import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { SLIDE_STYLES, type GeneratedContent } from '../../domain/generator/rules.js';
import { buildDocument, buildSlideDeck } from './office-files.js';

/** Characters XML 1.0 cannot hold at all: a part holding one is not well-formed, and PowerPoint or Word refuse the file. */
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/u;

/** Content as a model or an admin's hints topic may give it: with an escape sequence, a bell and a vertical tab. */
const content: GeneratedContent = {
  title: 'Launch \u001b[31mplan',
  subtitle: 'For the \u0007team',
  sections: [
    { heading: 'Launch \u001b[31mplan', paragraphs: ['Intro'], bullets: [] },
    { heading: 'Goals\u000b', paragraphs: ['One\u0001'], bullets: ['Two\u001f'] },
  ],
};

async function illegalParts(bytes: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = Object.values(zip.files).filter((file) => !file.dir && /\.(xml|rels)$/u.test(file.name));
  const texts = await Promise.all(parts.map(async (file) => [file.name, await file.async('string')] as const));
  return texts.filter(([, text]) => XML_ILLEGAL.test(text)).map(([name]) => name);
}

describe('generated office files', () => {
  it('writes well-formed XML even when the content holds control characters', async () => {
    expect(await illegalParts(await buildSlideDeck(content, SLIDE_STYLES[0]!))).toEqual([]);
    expect(await illegalParts(await buildDocument(content))).toEqual([]);
  });

  it('keeps the readable text', async () => {
    const zip = await JSZip.loadAsync(await buildDocument(content));
    expect(await zip.file('word/document.xml')!.async('string')).toContain('Launch [31mplan');
  });
});
