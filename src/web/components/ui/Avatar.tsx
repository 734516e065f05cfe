import { useState } from 'react';

import { initialsOf } from '../../../domain/catalogue/presentation.js';

interface AvatarProps {
  /** The name the initials come from. */
  name: string;
  pictureUrl: string | null;
}

/** A person's picture, or their initials when there is none or it fails to load. */
export function Avatar({ name, pictureUrl }: AvatarProps) {
  const [pictureFailed, setPictureFailed] = useState(false);

  if (pictureUrl !== null && !pictureFailed) {
    return <img className="avatar" src={pictureUrl} alt="" loading="lazy" onError={() => setPictureFailed(true)} />;
  }
  return (
    <span className="avatar" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
