import { useState } from 'react';

import { initialsOf } from '@domain/catalogue/presentation.js';
import { responsiveImage } from '@/lib/responsive-image.js';

interface AvatarProps {
  /** The name the initials come from. */
  name: string;
  pictureUrl: string | null;
}

const AVATAR_SIZE_PX = 28;
/** The largest the CSS draws an avatar (the profile header); the smallest variant covers the 28 px ones as well. */
const AVATAR_SIZES = '6rem';

/** A person's picture, or their initials when there is none or it fails to load. */
export function Avatar({ name, pictureUrl }: AvatarProps) {
  const [pictureFailed, setPictureFailed] = useState(false);

  if (pictureUrl !== null && !pictureFailed) {
    // Square: the CSS sets the size; the attributes keep the place before the picture arrives.
    return (
      <img
        className="avatar"
        {...responsiveImage(pictureUrl, AVATAR_SIZES)}
        alt=""
        width={AVATAR_SIZE_PX}
        height={AVATAR_SIZE_PX}
        loading="lazy"
        decoding="async"
        onError={() => setPictureFailed(true)}
      />
    );
  }
  return (
    <span className="avatar" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
