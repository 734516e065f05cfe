import { useState, type CSSProperties } from 'react';

import { platformHue, platformLabel } from '../../../../domain/catalogue/presentation.js';
import { DETAIL_PAGE } from '../../../../domain/engagement/rules.js';

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
      <div className="detail-shots__fallback" style={{ '--placeholder-hue': platformHue(platform) } as CSSProperties} role="img" aria-label={`${platformLabel(platform)} template`}>
        {platformLabel(platform)}
      </div>
    );
  }

  return (
    <div className="detail-shots">
      <div className={`detail-shots__main${small ? ' detail-shots__main--small' : ''}`}>
        <img
          src={current.imageUrl}
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
              <button type="button" aria-label={`Show screenshot ${index + 1}`} aria-current={image === current} onClick={() => setSelected(index)}>
                <img src={image.imageUrl} alt="" loading="lazy" onError={() => setFailed((previous) => new Set(previous).add(image.imageUrl))} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
