import { useState } from 'react';

import { initialsOf } from '../../../domain/catalogue/presentation.js';

interface AvatarProps {
  /** The name the initials come from. */
  name: string;
  pictureUrl: string | null;
  size?: 'small' | 'medium';
}

/** A person's picture, or their initials when there is none or it fails to load. */
export function Avatar({ name, pictureUrl, size = 'small' }: AvatarProps) {
  const [pictureFailed, setPictureFailed] = useState(false);
  const className = `avatar avatar--${size}`;

  if (pictureUrl !== null && !pictureFailed) {
    return <img className={className} src={pictureUrl} alt="" loading="lazy" onError={() => setPictureFailed(true)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
