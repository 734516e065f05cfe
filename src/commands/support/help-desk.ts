import { ModelError, type TemplateWriter } from '../../adapters/ai/writer.js';
import type { ChatSource } from '../../domain/support/events.js';
import { HELP_PASSAGES, type HelpPassage } from '../../domain/support/help-content.js';
import { createHelpIndex, MIN_SCORE, terms } from '../../domain/support/retrieval.js';
import { SUPPORT_MESSAGES } from '../../domain/support/rules.js';

export interface HelpAnswer {
  reply: string;
  sources: ChatSource[];
  answeredBy: 'model' | 'retrieval';
  known: boolean;
}

/** Passages offered to the model per question. */
const MODEL_CONTEXT_PASSAGES = 4;
/** A second passage is quoted offline when it scores at least this share of the best one. */
const SECOND_PASSAGE_SHARE = 0.8;

const sourceOf = (passage: HelpPassage): ChatSource => ({ title: `${passage.page} — ${passage.heading}`, path: passage.path });

/**
 * The help bot: retrieves the help passages that best match the question; a model (when there is
 * one) answers from those passages only and names the ones it used; offline, the best passages are
 * the answer. Below the retrieval threshold it says it does not know rather than guess.
 */
export function createHelpDesk(writer: TemplateWriter, passages: readonly HelpPassage[] = HELP_PASSAGES) {
  const index = createHelpIndex(passages);

  function fromRetrieval(question: string): HelpAnswer {
    if (terms(question).length === 0) return { reply: SUPPORT_MESSAGES.notUnderstood, sources: [], answeredBy: 'retrieval', known: false };
    const found = index.search(question, 2).filter((result) => result.score >= MIN_SCORE);
    const best = found[0];
    if (!best) return { reply: SUPPORT_MESSAGES.dontKnow, sources: [], answeredBy: 'retrieval', known: false };
    const quoted = found.filter((result, position) => position === 0 || result.score >= best.score * SECOND_PASSAGE_SHARE);
    const reply = [SUPPORT_MESSAGES.offlineIntro, ...quoted.map((result) => `${result.passage.heading}\n${result.passage.text}`)].join(
      '\n\n',
    );
    return { reply, sources: quoted.map((result) => sourceOf(result.passage)), answeredBy: 'retrieval', known: true };
  }

  return {
    async answer(question: string, signal?: AbortSignal): Promise<HelpAnswer> {
      if (writer.mode === 'offline') return fromRetrieval(question);
      const candidates = index.search(question, MODEL_CONTEXT_PASSAGES);
      if (candidates.length === 0) return fromRetrieval(question);
      try {
        const answer = await writer.answerFromHelp(
          question,
          candidates.map(({ passage }) => ({ id: passage.id, title: `${passage.page} — ${passage.heading}`, text: passage.text })),
          signal,
        );
        const used = candidates.filter(({ passage }) => answer.sourceIds.includes(passage.id)).map(({ passage }) => sourceOf(passage));
        if (!answer.known || used.length === 0) return { reply: SUPPORT_MESSAGES.dontKnow, sources: [], answeredBy: 'model', known: false };
        return { reply: answer.answer, sources: used, answeredBy: 'model', known: true };
      } catch (error) {
        // A model that fails or answers garbage: the help pages still answer, and say they are quoted.
        if (error instanceof ModelError) return fromRetrieval(question);
        throw error;
      }
    },
  };
}
export type HelpDesk = ReturnType<typeof createHelpDesk>;
