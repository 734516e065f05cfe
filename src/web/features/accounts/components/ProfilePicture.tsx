import { useId, useRef, useState, type ChangeEvent } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { IMAGE_EXTENSIONS, IMAGE_MESSAGES, imageFileRefusal } from '@domain/shared/images.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { DismissibleAlert } from '@/components/ui/DismissibleAlert.js';
import { ApiError } from '@/lib/api-client.js';
import { refreshSession } from '@/lib/session.js';
import { removeProfilePicture, uploadProfilePicture } from '../api.js';
import { compressImageFile, needsReencoding } from '@/lib/image-compression.js';

type Alert = { title: string; message: string } | null;

/** Upload (checked by extension, shrunk to 1 MB in the browser) and removal of the profile picture; saved at once. */
export function ProfilePicture({ user }: { user: CurrentUser }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<Alert>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setAlert(null);
    const refusal = imageFileRefusal(file.name, file.type);
    if (refusal !== null) {
      setAlert({ title: IMAGE_MESSAGES.invalidFormatTitle, message: refusal });
      return;
    }
    setBusy(true);
    try {
      let image: Blob = file;
      let fileName = file.name;
      if (needsReencoding(file)) {
        const compressed = await compressImageFile(file);
        if (compressed === null) {
          setAlert({ title: IMAGE_MESSAGES.invalidFormatTitle, message: ACCOUNT_MESSAGES.imageTooLarge });
          return;
        }
        image = compressed;
        fileName = `${fileName.replace(/\.[^.]*$/u, '')}.jpg`;
      }
      await uploadProfilePicture(image, fileName);
      await refreshSession();
    } catch (error) {
      setAlert({ title: 'Upload failed', message: error instanceof Error ? error.message : ACCOUNT_MESSAGES.unexpected });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setAlert(null);
    try {
      await removeProfilePicture();
      await refreshSession();
    } catch (error) {
      setAlert({ title: 'Could not remove the picture', message: error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="profile-picture" aria-busy={busy}>
      <div className="profile-picture__preview">
        <Avatar name={user.info.displayName || user.username} pictureUrl={user.info.thumbnail} />
      </div>
      <div className="profile-picture__controls">
        <span className="form-field__label">Profile picture</span>
        <div className="profile-picture__buttons">
          <label htmlFor={inputId} className="button button--secondary" aria-disabled={busy}>
            {busy ? 'Working…' : user.info.thumbnail ? 'Change picture' : 'Upload picture'}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={[...IMAGE_EXTENSIONS, 'image/*'].join(',')}
            disabled={busy}
            onChange={(event) => void upload(event)}
          />
          {user.info.thumbnail && (
            <button type="button" className="button button--ghost" onClick={() => void remove()} disabled={busy}>
              Remove
            </button>
          )}
        </div>
        <p className="form-field__hint">
          Allowed: {IMAGE_EXTENSIONS.join(', ')}. Larger pictures are reduced to 1 MB before they are sent.
        </p>
        {alert && <DismissibleAlert title={alert.title} message={alert.message} onDismiss={() => setAlert(null)} />}
      </div>
    </div>
  );
}
