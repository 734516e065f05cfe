import { GENERATOR, type Answers, type GeneratedContent, type GenerationKind, type QuestionSet } from './rules.js';

/**
 * The offline writer: without an AI model the generator still builds a useful, honest template
 * from the brief and the answers. Deterministic: the same brief gives the same outline.
 */

/** The detail slider's levels: 1 = headlines … 5 = full paragraphs; the middle when unanswered. */
export const DETAIL_LEVELS = { min: 1, max: 5, unanswered: 3 } as const;

/** The follow-up question sets for documents when no model writes them. */
export const OFFLINE_QUESTION_SETS: readonly QuestionSet[] = [
  {
    title: 'Shape of the document',
    questions: [
      { id: 'tone', type: 'radio', question: 'Which tone should it have?', options: ['Formal', 'Friendly', 'Persuasive'] },
      {
        id: 'sections',
        type: 'checkbox',
        question: 'Which sections should it include?',
        options: ['Summary', 'Goals', 'Timeline', 'Budget', 'Risks', 'Next steps'],
      },
      { id: 'length', type: 'dropdown', question: 'How long should it be?', options: ['One page', 'Two pages', 'Detailed'] },
    ],
  },
  {
    title: 'Details',
    questions: [
      {
        id: 'detail',
        type: 'slider',
        question: 'How much detail per section (1 = headlines, 5 = full paragraphs)?',
        min: DETAIL_LEVELS.min,
        max: DETAIL_LEVELS.max,
        step: 1,
      },
      {
        id: 'mustMention',
        type: 'text',
        question: 'Anything it must mention?',
        placeholder: 'e.g. the launch date, the team, the budget owner',
      },
    ],
  },
];

const DEFAULT_DOC_SECTIONS = ['Summary', 'Goals', 'Timeline', 'Next steps'];
const SLIDE_SEQUENCE = [
  'Agenda',
  'Why this matters',
  'Where we are today',
  'Key points',
  'Options',
  'Plan',
  'Timeline',
  'Risks and mitigations',
  'Next steps',
  'Questions',
];

/** "Plan the q3 launch for our team." → "Plan the Q3 launch for our team" as a title. */
function titleFrom(brief: string): string {
  const firstSentence = brief.split(/(?<=[.!?])\s/u)[0] ?? brief;
  const trimmed = firstSentence.replace(/[.!?\s]+$/u, '').trim();
  const short = trimmed.length > 80 ? `${trimmed.slice(0, 77).replace(/\s+\S*$/u, '')}…` : trimmed;
  return short.charAt(0).toUpperCase() + short.slice(1) || 'Your template';
}

const answerText = (value: Answers[string] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? (value.length > 0 ? value.join(', ') : null) : String(value).trim() || null;

/** The detail level the answers ask for, within the slider's range. */
export function detailLevelOf(answers: Answers): number {
  const detail = answers.detail;
  if (typeof detail !== 'number' || !Number.isFinite(detail)) return DETAIL_LEVELS.unanswered;
  return Math.min(DETAIL_LEVELS.max, Math.max(DETAIL_LEVELS.min, Math.round(detail)));
}

/** How much a section holds at a detail level: headlines get one line, full detail three paragraphs and four points. */
export function sectionSizeAt(detail: number): { paragraphs: number; bullets: number } {
  return { paragraphs: Math.ceil(detail / 2), bullets: detail - 1 };
}

/** What the answers require of any writer, offline or a model: the text to mention and the detail level. */
export function answerRequirements(answers: Answers): { mustMention: string | null; detail: number } {
  return { mustMention: answerText(answers.mustMention), detail: detailLevelOf(answers) };
}

/** Per section: questions for the author to answer (the paragraphs), then the points to cover (the bullets). */
const DOC_SECTION_PROMPTS: Record<string, { questions: string[]; points: string[] }> = {
  Goals: {
    questions: [
      'What does success look like, and how will you measure it?',
      'Which goal matters most if you can reach only one?',
      'What is out of scope this time?',
    ],
    points: ['At most three goals', 'An owner for each goal', 'A measure for each goal', 'A date for each goal'],
  },
  Timeline: {
    questions: [
      'Which milestones matter, and when is each due?',
      'Which milestones depend on others?',
      'Where is there slack if something slips?',
    ],
    points: ['Start date', 'Each milestone with its date', 'Dependencies between milestones', 'Date of the final review'],
  },
  Budget: {
    questions: [
      'What will this cost, and who approves the spending?',
      'Which costs are one-off and which keep running?',
      'What happens if the budget is cut by a fifth?',
    ],
    points: ['One-off costs', 'Running costs', 'Who approves the spending', 'Contingency'],
  },
  Risks: {
    questions: ['What could go wrong, and how likely is it?', 'What will you do if it happens?', 'Who watches for each risk?'],
    points: ['The risk', 'How likely it is', 'Its impact', 'What you will do about it'],
  },
  'Next steps': {
    questions: ['Who does what next, and by when?', 'What decision do you need from the reader?', 'When will you report back?'],
    points: ['The first action and its owner', 'The decision you need', 'The date of the next update', 'Who to contact with questions'],
  },
};

function docSection(
  heading: string,
  brief: string,
  audience: string | null,
  answers: Answers,
  isFirst: boolean,
): GeneratedContent['sections'][number] {
  const { mustMention, detail } = answerRequirements(answers);
  const size = sectionSizeAt(detail);
  const tone = answerText(answers.tone)?.toLowerCase() ?? 'clear';
  const forWhom = audience ? ` for ${audience}` : '';
  const prompts =
    heading === 'Summary'
      ? {
          questions: [
            `This document covers: ${brief.replace(/[.!?\s]+$/u, '')}.`,
            `Write it in a ${tone} voice${forWhom}; answer each question and fill in each point of this outline with your own facts.`,
            'What is the one thing the reader should remember?',
          ],
          points: ['The situation today', 'What you propose', 'What you ask of the reader', 'When you need an answer'],
        }
      : (DOC_SECTION_PROMPTS[heading] ?? { questions: [`What should the reader know about ${heading.toLowerCase()}?`], points: [] });
  // The answer to "Anything it must mention?" leads the first section, at every detail level.
  const mention = isFirst && mustMention ? [`It must mention: ${mustMention}`] : [];
  return {
    heading,
    paragraphs: [...mention, ...prompts.questions.slice(0, size.paragraphs)],
    bullets: prompts.points.slice(0, size.bullets),
  };
}

export function offlineContent(input: {
  kind: GenerationKind;
  brief: string;
  audience: string | null;
  numSlides: number | null;
  answers: Answers;
  hints?: Record<string, unknown> | null;
}): GeneratedContent {
  const brief = input.brief.trim() || (typeof input.hints?.topic === 'string' ? input.hints.topic : 'Your template');
  const title = titleFrom(brief);
  const subtitle = input.audience ? `For ${input.audience}` : input.kind === 'slides' ? 'A slide deck outline' : 'A document outline';
  if (input.kind === 'docs') {
    const chosen =
      Array.isArray(input.answers.sections) && input.answers.sections.length > 0 ? input.answers.sections : DEFAULT_DOC_SECTIONS;
    return {
      title,
      subtitle,
      sections: chosen
        .slice(0, GENERATOR.slidesMax)
        .map((heading, index) => docSection(heading, brief, input.audience, input.answers, index === 0)),
    };
  }
  const count = Math.min(input.numSlides ?? GENERATOR.defaultSlides, GENERATOR.slidesMax);
  // The first slide is the title slide; the rest follow a presentation's usual arc.
  const sections: GeneratedContent['sections'] = [{ heading: title, paragraphs: [subtitle], bullets: [] }];
  for (let index = 1; index < count; index += 1) {
    const heading = index === count - 1 && count > 2 ? 'Next steps' : SLIDE_SEQUENCE[(index - 1) % SLIDE_SEQUENCE.length]!;
    sections.push({
      heading,
      paragraphs: [],
      bullets:
        heading === 'Agenda'
          ? SLIDE_SEQUENCE.slice(1, Math.min(5, count)).map((item) => item)
          : [
              `Your point on “${heading.toLowerCase()}” for: ${title}`,
              'Add a supporting fact or figure',
              'Say what you want the audience to do',
            ],
    });
  }
  return { title, subtitle, sections };
}
