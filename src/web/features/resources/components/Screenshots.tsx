import { useState, type CSSProperties } from 'react';

import { platformHue, platformLabel } from '@domain/catalogue/presentation.js';
import { DETAIL_PAGE } from '@domain/engagement/rules.js';
import { responsiveImage } from '@/lib/responsive-image.js';

/** The main screenshot fills the page's main column: the whole width up to 900 px, then beside the 20rem side column, at most 800 px. */
export const MAIN_SCREENSHOT_SIZES = '(max-width: 900px) calc(100vw - 2rem), (max-width: 1199px) calc(100vw - 25rem), 800px';
/** A thumbnail is 6rem wide. */
export const SCREENSHOT_THUMBNAIL_SIZES = '6rem';

interface ScreenshotsProps {
  images: readonly { imageUrl: string }[];
  title: string;
  platform: string;
}

/** The post's screenshots: a large one and thumbnails to switch; a platform-coloured block when none loads. */
export function Screenshots({ images, title, platform }: ScreenshotsProps) {
  const [selected, setSelected] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [small, setSmall] = useState(false);
  const shown = images.filter((image) => !failed.has(image.imageUrl));
  const current = shown[Math.min(selected, shown.length - 1)];

  if (current === undefined) {
    return (
      <div
        className="detail-shots__fallback"
        style={{ '--placeholder-hue': platformHue(platform) } as CSSProperties}
        role="img"
        aria-label={`${platformLabel(platform)} template`}
      >
        {platformLabel(platform)}
      </div>
    );
  }

  return (
    <div className="detail-shots">
      <div className={`detail-shots__main${small ? ' detail-shots__main--small' : ''}`}>
        <img
          {...responsiveImage(current.imageUrl, MAIN_SCREENSHOT_SIZES)}
          alt={`Screenshot ${shown.indexOf(current) + 1} of ${title}`}
          // The page's largest picture (its LCP): fetched ahead of the scripts and the thumbnails.
          fetchPriority="high"
          onLoad={(event) => setSmall(event.currentTarget.naturalHeight < DETAIL_PAGE.smallScreenshotHeightPx)}
          onError={() => setFailed((previous) => new Set(previous).add(current.imageUrl))}
        />
      </div>
      {shown.length > 1 && (
        <ul className="detail-shots__thumbs" aria-label="Screenshots">
          {shown.map((image, index) => (
            <li key={image.imageUrl}>
              <button
                type="button"
                aria-label={`Show screenshot ${index + 1}`}
                aria-current={image === current}
                onClick={() => setSelected(index)}
              >
                <img
                  {...responsiveImage(image.imageUrl, SCREENSHOT_THUMBNAIL_SIZES)}
                  alt=""
                  loading="lazy"
                  onError={() => setFailed((previous) => new Set(previous).add(image.imageUrl))}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
