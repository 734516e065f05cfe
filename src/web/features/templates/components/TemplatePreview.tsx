import type { CurrentUser } from '@domain/accounts/current-user.js';
import { formatPrice, platformLabel } from '@domain/catalogue/presentation.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { deriveLabel } from '@domain/catalogue/taxonomy.js';
import { STATUS } from '@domain/templates/lifecycle.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { ResourceCard } from '@/features/resources/index.js';
import { Tabs } from '@/components/ui/Tabs.js';
import { responsiveImage } from '@/lib/responsive-image.js';
import { lockedTagsOf, type TemplateFormValues } from '../template-form.js';

/** Who the preview shows as the author: the signed-in user on create, the post's author on edit. */
export type PreviewAuthor = ResourceView['author'];

export function previewAuthorOf(user: CurrentUser): PreviewAuthor {
  return { _id: user._id, username: user.username, info: { displayName: user.info.displayName || null, thumbnail: user.info.thumbnail } };
}

const UNTITLED = 'Your title';
const NO_DESCRIPTION = 'Your preview description';

function previewResource(values: TemplateFormValues, author: PreviewAuthor): ResourceView {
  return {
    _id: 'preview',
    titleUrl: 'preview',
    title: values.title.trim() || UNTITLED,
    description: { short: values.description.trim() || NO_DESCRIPTION, long: values.instructions },
    price: values.price,
    keywords: [...lockedTagsOf(values), ...values.tags],
    platform: values.platform,
    topic: values.topic,
    sponsored: false,
    status: STATUS.underReview,
    author,
    ratings: { positive: 0, negative: 0, redFlags: 0, saves: 0 },
    images: values.imageUrls.map((imageUrl) => ({ imageUrl })),
    createdAt: new Date(0).toISOString(),
  };
}

/** The tabbed preview beside the form: the full post as its page shows it, and the card in the feed. Not interactive. */
export function TemplatePreview({ values, author }: { values: TemplateFormValues; author: PreviewAuthor }) {
  const resource = previewResource(values, author);
  return (
    <section className="template-preview" aria-label="Preview">
      <Tabs
        label="Preview"
        tabs={[
          { id: 'full', label: 'Full post', panel: <FullPostPreview resource={resource} /> },
          {
            id: 'feed',
            label: 'Feed',
            panel: (
              <div className="template-preview__feed" inert>
                <ResourceCard resource={resource} />
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}

/** The preview column beside the form (at most 26rem less its padding; the whole width under 768 px). */
const PREVIEW_HERO_SIZES = '(max-width: 767px) calc(100vw - 4rem), 24rem';
const PREVIEW_THUMBNAIL_SIZES = '4.5rem';

function FullPostPreview({ resource }: { resource: ResourceView }) {
  const [firstImage, ...otherImages] = resource.images;
  return (
    <article className="template-preview__post" inert>
      {firstImage ? (
        <img className="template-preview__hero" {...responsiveImage(firstImage.imageUrl, PREVIEW_HERO_SIZES)} alt="" />
      ) : (
        <div className="template-preview__hero template-preview__hero--empty">
          {resource.platform ? platformLabel(resource.platform) : 'Screenshot'}
        </div>
      )}
      {otherImages.length > 0 && (
        <div className="template-preview__thumbs">
          {otherImages.map((image) => (
            <img key={image.imageUrl} {...responsiveImage(image.imageUrl, PREVIEW_THUMBNAIL_SIZES)} alt="" />
          ))}
        </div>
      )}
      <p className="template-preview__title">{resource.title}</p>
      <div className="template-preview__meta">
        <span className="template-preview__author">
          <Avatar name={resource.author.info.displayName ?? resource.author.username} pictureUrl={resource.author.info.thumbnail} />
          {resource.author.username}
        </span>
        <span className="template-preview__price">{formatPrice(resource.price)}</span>
      </div>
      <p>{resource.description.short}</p>
      {resource.description.long.trim() !== '' && <p className="template-preview__details">{resource.description.long}</p>}
      <ul className="tag-list" aria-label="Tags">
        {resource.topic && <li className="tag">{deriveLabel(resource.topic)}</li>}
        {resource.platform && <li className="tag">{platformLabel(resource.platform)}</li>}
        {resource.keywords.slice(lockedTagsOf(resource).length).map((keyword) => (
          <li key={keyword} className="tag">
            {keyword}
          </li>
        ))}
      </ul>
      <span className="button button--primary template-preview__open">Get template</span>
    </article>
  );
}
