import type { Paragraph } from 'docx';
import type pptxgenjs from 'pptxgenjs';
import type { GeneratedContent, SlideStyle } from '../../domain/generator/rules.js';

/**
 * Builds the file a generation stands for from its outline (the success event's content): a
 * .pptx slide deck (pptxgenjs) or a .docx document (docx). Both import into Google Slides / Docs.
 * Files are rebuilt from the event on request, so nothing but the log needs keeping.
 */
/**
 * Both libraries load with the first file built: a server that never builds one does not hold them.
 * pptxgenjs ships one d.ts for its ESM and CJS builds, typed as CommonJS: TypeScript sees the class
 * under `.default`, while Node's ESM import gives the class itself.
 */
async function loadPptxGenJS(): Promise<typeof pptxgenjs.default> {
  const { default: loaded } = await import('pptxgenjs');
  return ((loaded as unknown as { default?: unknown }).default ?? loaded) as unknown as typeof pptxgenjs.default;
}

export const OFFICE_MIME_TYPES = {
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

/** Characters XML 1.0 cannot hold: one in a part makes the file unreadable to PowerPoint and Word. */
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/gu;
const xmlText = (text: string) => text.replace(XML_ILLEGAL, '');

/**
 * The outline with every text XML can hold. Briefs refuse control characters, but a model's answer,
 * an admin's hints topic or an event stored before that rule may still carry them.
 */
function writableContent(content: GeneratedContent): GeneratedContent {
  return {
    title: xmlText(content.title),
    subtitle: xmlText(content.subtitle),
    sections: content.sections.map((section) => ({
      heading: xmlText(section.heading),
      paragraphs: section.paragraphs.map(xmlText),
      bullets: section.bullets.map(xmlText),
    })),
  };
}

export async function buildSlideDeck(outline: GeneratedContent, style: SlideStyle): Promise<Buffer> {
  const content = writableContent(outline);
  const PptxGenJS = await loadPptxGenJS();
  const deck = new PptxGenJS();
  deck.layout = 'LAYOUT_WIDE';
  deck.title = content.title;
  deck.company = 'Tessera';
  const [titleSlide, ...slides] = content.sections;
  const first = deck.addSlide();
  first.background = { color: style.background };
  first.addShape('rect', { x: 0, y: 0, w: 0.35, h: 7.5, fill: { color: style.accent }, line: { color: style.accent } });
  first.addText(titleSlide?.heading ?? content.title, {
    x: 0.9,
    y: 2.3,
    w: 11.5,
    h: 1.4,
    fontSize: 40,
    bold: true,
    color: style.text,
    fontFace: 'Arial',
  });
  first.addText(content.subtitle, { x: 0.9, y: 3.8, w: 11.5, h: 0.8, fontSize: 20, color: style.accent, fontFace: 'Arial' });
  for (const section of slides) {
    const slide = deck.addSlide();
    slide.background = { color: style.background };
    slide.addShape('rect', { x: 0, y: 0, w: 13.33, h: 0.18, fill: { color: style.accent }, line: { color: style.accent } });
    slide.addText(section.heading, { x: 0.7, y: 0.5, w: 11.9, h: 0.9, fontSize: 30, bold: true, color: style.text, fontFace: 'Arial' });
    const lines = [
      ...section.paragraphs.map((text) => ({ text, options: { breakLine: true, paraSpaceAfter: 10 } })),
      ...section.bullets.map((text) => ({ text, options: { bullet: true, breakLine: true, paraSpaceAfter: 8 } })),
    ];
    if (lines.length > 0)
      slide.addText(lines, { x: 0.9, y: 1.6, w: 11.5, h: 5.2, fontSize: 20, color: style.text, valign: 'top', fontFace: 'Arial' });
  }
  return (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** 6 pt after each paragraph (twentieths of a point). */
const PARAGRAPH_SPACING_TWIPS = 120;

export async function buildDocument(outline: GeneratedContent): Promise<Buffer> {
  const content = writableContent(outline);
  const { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(content.title)] }),
    new Paragraph({ alignment: AlignmentType.LEFT, children: [new TextRun({ text: content.subtitle, italics: true })] }),
  ];
  for (const section of content.sections) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(section.heading)] }));
    for (const text of section.paragraphs)
      children.push(new Paragraph({ spacing: { after: PARAGRAPH_SPACING_TWIPS }, children: [new TextRun(text)] }));
    for (const text of section.bullets)
      children.push(
        new Paragraph({ bullet: { level: 0 }, spacing: { after: PARAGRAPH_SPACING_TWIPS / 2 }, children: [new TextRun(text)] }),
      );
  }
  const document = new Document({ creator: 'Tessera', title: content.title, sections: [{ children }] });
  return Packer.toBuffer(document);
}
