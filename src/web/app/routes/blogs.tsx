import { Suspense, use, useId, useMemo, useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';

import type { BlogPost } from '@domain/content/blog-post.js';
import { Modal } from '@/components/ui/Modal.js';
import { showToast } from '@/components/ui/toasts.js';
import { allTags, filterBlogPosts } from '@/features/blog/blog-filter.js';
import { apiRequest } from '@/lib/api-client.js';
import { BRAND_NAME } from '@/lib/brand.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

/** Shown when a post has no image of its own (spec: blog fallback image). */
export const BLOG_FALLBACK_IMAGE = '/blog/fallback.svg';
/** The query parameter that opens one post's Read More modal, so posts can be shared by link. */
const POST_PARAM = 'post';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

/** The posts, or null when the blog could not be loaded (the failure is logged). */
function loadPosts(): Promise<BlogPost[] | null> {
  return apiRequest<{ posts: BlogPost[] }>('/blog/posts').then(
    (answer) => answer.posts,
    (error: unknown) => {
      console.error('Could not load the blog posts', error);
      return null;
    },
  );
}

/** One request per visit to the page; the list streams in. */
export function blogsLoader() {
  return { posts: loadPosts() };
}

export function BlogsPage() {
  const { posts } = useLoaderData<typeof blogsLoader>();
  return (
    <div className="container content-page">
      <PageHead title="Blog" description={PAGE_DESCRIPTIONS.blogs} />
      <h1>Blog</h1>
      <p className="page-subtitle">Tips for finding, using and selling templates, and news from the {BRAND_NAME} team.</p>
      <Suspense fallback={<p className="muted">Loading posts…</p>}>
        <BlogList posts={posts} />
      </Suspense>
    </div>
  );
}

function BlogList({ posts: postsPromise }: { posts: Promise<BlogPost[] | null> }) {
  const posts = use(postsPromise);
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const [selectedTags, setSelectedTags] = useState<ReadonlySet<string>>(new Set());
  const [parameters, setParameters] = useSearchParams();
  const [sharing, setSharing] = useState<BlogPost | null>(null);
  const tags = useMemo(() => allTags(posts ?? []), [posts]);

  if (posts === null) return <p role="alert">The blog is unavailable right now. Please try again later.</p>;

  const shown = filterBlogPosts(posts, searchText, selectedTags);
  const reading = posts.find((post) => post.id === parameters.get(POST_PARAM)) ?? null;
  const filtered = searchText !== '' || selectedTags.size > 0;

  function toggleTag(tag: string) {
    const next = new Set(selectedTags);
    if (next.has(tag)) next.delete(tag);
    else next.add(tag);
    setSelectedTags(next);
  }

  function openPost(post: BlogPost | null) {
    const next = new URLSearchParams(parameters);
    if (post === null) next.delete(POST_PARAM);
    else next.set(POST_PARAM, post.id);
    setParameters(next, { preventScrollReset: true });
  }

  return (
    <>
      <div className="blog-filters">
        <label htmlFor={searchId} className="visually-hidden">
          Search blogs
        </label>
        <input
          id={searchId}
          className="field__input blog-filters__search"
          type="search"
          placeholder="Search blogs..."
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <div className="blog-filters__tags" role="group" aria-label="Filter by tag">
          {tags.map((tag) => (
            <button key={tag} type="button" className="tag-chip" aria-pressed={selectedTags.has(tag)} onClick={() => toggleTag(tag)}>
              {tag}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="button button--link"
          disabled={!filtered}
          onClick={() => {
            setSearchText('');
            setSelectedTags(new Set());
          }}
        >
          Reset Filters
        </button>
      </div>

      <p className="muted" role="status">
        {shown.length === 1 ? '1 post' : `${shown.length} posts`}
      </p>
      {shown.length === 0 ? (
        <p>No posts match these filters.</p>
      ) : (
        <ul className="blog-grid">
          {shown.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} onRead={() => openPost(post)} onShare={() => setSharing(post)} />
            </li>
          ))}
        </ul>
      )}

      <Modal open={reading !== null} title={reading?.title ?? ''} onClose={() => openPost(null)} className="modal--wide">
        {reading !== null && (
          <article className="blog-article">
            <p className="muted">
              <time dateTime={reading.date}>{dateFormat.format(new Date(reading.date))}</time>
            </p>
            {/* Safe: the server renders markdown with raw HTML off, and keeps only the text of external posts. */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: reading.contentHtml }} />
            {reading.link !== null && (
              <p>
                <a href={reading.link} target="_blank" rel="noopener noreferrer">
                  Read on the original blog
                </a>
              </p>
            )}
          </article>
        )}
      </Modal>
      <ShareModal post={sharing} onClose={() => setSharing(null)} />
    </>
  );
}

function BlogCard({ post, onRead, onShare }: { post: BlogPost; onRead: () => void; onShare: () => void }) {
  const titleId = useId();
  return (
    <article className="blog-card" aria-labelledby={titleId}>
      <img
        className="blog-card__image"
        src={post.imageUrl ?? BLOG_FALLBACK_IMAGE}
        alt=""
        loading="lazy"
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(BLOG_FALLBACK_IMAGE)) event.currentTarget.src = BLOG_FALLBACK_IMAGE;
        }}
      />
      <div className="blog-card__body">
        <h2 id={titleId} className="blog-card__title">
          {post.title}
        </h2>
        <p className="muted blog-card__date">
          <time dateTime={post.date}>{dateFormat.format(new Date(post.date))}</time>
        </p>
        <p className="blog-card__excerpt">{post.excerpt}</p>
        <ul className="blog-card__tags" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag} className="tag-label">
              {tag}
            </li>
          ))}
        </ul>
        <div className="blog-card__actions">
          <button type="button" className="button button--primary" onClick={onRead}>
            Read More<span className="visually-hidden">: {post.title}</span>
          </button>
          <button type="button" className="button button--ghost" onClick={onShare}>
            Share<span className="visually-hidden">: {post.title}</span>
          </button>
        </div>
      </div>
    </article>
  );
}

function shareUrlOf(post: BlogPost): string {
  return post.link ?? `${window.location.origin}/blogs?${POST_PARAM}=${encodeURIComponent(post.id)}`;
}

function ShareModal({ post, onClose }: { post: BlogPost | null; onClose: () => void }) {
  const linkId = useId();
  const url = post === null ? '' : shareUrlOf(post);
  const encodedUrl = encodeURIComponent(url);
  const encodedTitle = encodeURIComponent(post?.title ?? '');
  const targets = [
    { label: 'X (Twitter)', href: `https://x.com/intent/post?url=${encodedUrl}&text=${encodedTitle}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
    { label: 'Email', href: `mailto:?subject=${encodedTitle}&body=${encodedUrl}` },
  ];

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast('success', 'Link copied');
    } catch {
      showToast('error', 'Could not copy the link — select it and copy it yourself.');
    }
  }

  return (
    <Modal open={post !== null} title="Share this blog" onClose={onClose}>
      <div className="form-stack">
        <label className="field" htmlFor={linkId}>
          <span className="field__label">Link</span>
        </label>
        <div className="copy-row">
          <input id={linkId} className="field__input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button button--ghost" onClick={() => void copy()}>
            Copy
          </button>
        </div>
        <ul className="share-targets">
          {targets.map((target) => (
            <li key={target.label}>
              <a className="button button--ghost" href={target.href} target="_blank" rel="noopener noreferrer">
                {target.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
