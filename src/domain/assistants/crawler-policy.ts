/** Which AI crawlers robots.txt names, and whether they may read the public pages (AI_CRAWLERS). */

export const AI_CRAWLER_POLICIES = ['allow', 'deny'] as const;
export type AiCrawlerPolicy = (typeof AI_CRAWLER_POLICIES)[number];
export const DEFAULT_AI_CRAWLER_POLICY: AiCrawlerPolicy = 'allow';

/**
 * User agents of the crawlers that collect pages for AI models and assistants, as their operators
 * document them. Each gets its own group in robots.txt, so the policy is stated by name and holds
 * even for a crawler that reads only the group naming it.
 */
export const AI_CRAWLER_USER_AGENTS: readonly string[] = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'Bytespider',
  'Amazonbot',
  'meta-externalagent',
  'cohere-ai',
  'DuckAssistBot',
  'MistralAI-User',
];

/** AI_CRAWLERS: allow (the default) or deny; anything else is refused at start. */
export function parseAiCrawlerPolicy(value: string | undefined): AiCrawlerPolicy {
  const trimmed = (value ?? '').trim().toLowerCase();
  if (trimmed === '') return DEFAULT_AI_CRAWLER_POLICY;
  const policy = AI_CRAWLER_POLICIES.find((candidate) => candidate === trimmed);
  if (policy === undefined) throw new Error(`AI_CRAWLERS must be ${AI_CRAWLER_POLICIES.join(' or ')}, got "${value}"`);
  return policy;
}
