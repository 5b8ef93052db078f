/**
 * Issue #18: the crawlers that gather training data for AI models, by the user-agent token each operator
 * documents for robots.txt. The one list: robots.txt disallows exactly these (ordinary search engines stay
 * allowed). Add a token here and every answer that names the list follows.
 */
export const AI_CRAWLERS = [
  'GPTBot',
  'CCBot',
  'Google-Extended',
  'anthropic-ai',
  'ClaudeBot',
  'Bytespider',
  'PerplexityBot',
  'Applebot-Extended',
  'meta-externalagent',
] as const;
