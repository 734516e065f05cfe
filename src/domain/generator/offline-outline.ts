import { GENERATOR, type Answers, type GeneratedContent, type GenerationKind, type QuestionSet } from './rules.js';

/**
 * The offline writer: without an AI model the generator still builds a useful, honest template
 * from the brief and the answers. Deterministic: the same brief gives the same outline.
 */

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
        min: 1,
        max: 5,
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

function docSection(heading: string, brief: string, audience: string | null, answers: Answers): GeneratedContent['sections'][number] {
  const detail = typeof answers.detail === 'number' ? answers.detail : 3;
  const tone = answerText(answers.tone)?.toLowerCase() ?? 'clear';
  const forWhom = audience ? ` for ${audience}` : '';
  const prompts: Record<string, string[]> = {
    Summary: [`This document covers: ${brief}`, `Write it in a ${tone} voice${forWhom}; replace each prompt below with your own facts.`],
    Goals: ['What does success look like, and how will you measure it?', 'List at most three goals, each with an owner.'],
    Timeline: ['Which milestones matter, and when is each due?', 'Note the dependencies between them.'],
    Budget: ['What will this cost, and who approves the spending?', 'Separate one-off costs from running costs.'],
    Risks: ['What could go wrong, how likely is it, and what will you do about it?'],
    'Next steps': ['Who does what next, and by when?'],
  };
  const paragraphs = (prompts[heading] ?? [`Notes on ${heading.toLowerCase()}.`]).slice(0, Math.max(1, Math.ceil(detail / 2)));
  const mention = answerText(answers.mustMention);
  const bullets = heading === 'Summary' && mention ? [`Mention: ${mention}`] : [];
  return { heading, paragraphs, bullets };
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
      sections: chosen.slice(0, GENERATOR.slidesMax).map((heading) => docSection(heading, brief, input.audience, input.answers)),
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
