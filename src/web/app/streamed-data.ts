import type { DataStrategyFunction, DataStrategyResult } from 'react-router';

/**
 * The router's data strategy: React Router's default (load the matches that need it), and then
 * every promise a loader hands over unawaited (streamed lists) is marked handled. A navigation that
 * is cancelled (a second one to the same page, say) aborts its fetches and drops its loader data:
 * nobody awaits those promises any more, and their AbortErrors would surface as unhandled
 * rejections. A page that renders the promise still sees its failure (its Await or `use`).
 */
export const streamedDataStrategy: DataStrategyFunction = async ({ matches }) => {
  const matchesToLoad = matches.filter((match) => match.shouldLoad);
  const results = await Promise.all(matchesToLoad.map((match) => match.resolve()));
  for (const result of results) markStreamedPromisesHandled(result);
  return Object.fromEntries(results.map((result, index) => [matchesToLoad[index]!.route.id, result]));
};

function markStreamedPromisesHandled(result: DataStrategyResult): void {
  if (result.type !== 'data' || typeof result.result !== 'object' || result.result === null) return;
  for (const value of Object.values(result.result)) {
    if (value instanceof Promise) value.catch(() => undefined);
  }
}
