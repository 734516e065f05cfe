import { platformLabel, topicLabel } from '../../../domain/catalogue/presentation.js';
import type { ResourceView } from '../../../domain/catalogue/resource-view.js';
import type { ResourceDetailAnswer } from '../../../domain/engagement/views.js';
import type { PostForAssistants } from '../../../domain/assistants/markdown.js';
import { resourceByTitleUrl } from '../../../projections/read-models/templates/queries.js';
import { appPath, resourcePath, topicPath, userProfilePath } from '../../../web/lib/paths.js';
import type { ReadModelDb, Vault } from '../route-deps.js';
import { detailAnswerOf, visibleRow } from '../templates/shared.js';

/* What assistants are told about posts: only what a visitor without an account sees, with absolute addresses. */

/** Read models a post's answer for assistants is computed from (as the post's page). */
export const PUBLIC_POST_READ_MODELS = ['templates', 'users', 'engagement'];

/** A post's canonical address: its page. */
export function canonicalPostUrl(origin: string, titleUrl: string): string {
  return new URL(resourcePath(titleUrl), origin).toString();
}

/** The post's page as Markdown. */
export function markdownPostUrl(origin: string, titleUrl: string): string {
  return `${canonicalPostUrl(origin, titleUrl)}.md`;
}

export function topicUrl(origin: string, topic: string): string {
  return new URL(topicPath(topic), origin).toString();
}

export function appUrl(origin: string, app: string): string {
  return new URL(appPath(app), origin).toString();
}

/**
 * The post as GET /api/resources/{titleUrl} answers a visitor without a session: the same lookup and
 * visibility rule, so a post that is not public is 'This post does not exist' (404) here too.
 */
export async function publicPost(deps: { db: ReadModelDb; vault: Vault }, titleUrl: string): Promise<ResourceDetailAnswer> {
  return detailAnswerOf(deps, visibleRow(await resourceByTitleUrl(deps.db, titleUrl), null), null);
}

function authorLink(origin: string, author: ResourceView['author']): { label: string; url: string } {
  const name = author.info.displayName;
  return {
    label: name && name !== author.username ? `${name} (@${author.username})` : `@${author.username}`,
    url: new URL(userProfilePath(author.username), origin).toString(),
  };
}

/** A post's facts with the addresses an assistant follows. */
export function postForAssistants(origin: string, answer: ResourceDetailAnswer): PostForAssistants {
  const post = answer.data;
  return {
    title: post.title,
    summary: post.description.short,
    details: post.description.long,
    price: post.price,
    topic: { label: topicLabel(post.topic), url: topicUrl(origin, post.topic) },
    app: { label: platformLabel(post.platform), url: appUrl(origin, post.platform) },
    author: authorLink(origin, post.author),
    keywords: post.keywords,
    likes: post.ratings.positive,
    saves: post.ratings.saves,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    canonicalUrl: canonicalPostUrl(origin, post.titleUrl),
    link: post.link,
    imageUrls: post.images.map((image) => new URL(image.imageUrl, origin).toString()),
  };
}
