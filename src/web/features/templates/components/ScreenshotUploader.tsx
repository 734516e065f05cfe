import { useId, useRef, useState } from 'react';

import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_MESSAGES, imageFileRefusal } from '@domain/shared/images.js';
import { TEMPLATE_LIMITS } from '@domain/templates/rules.js';
import { DismissibleAlert } from '@/components/ui/DismissibleAlert.js';
import { ApiError } from '@/lib/api-client.js';
import { responsiveImage } from '@/lib/responsive-image.js';
import { compressImageFile } from '@/lib/image-compression.js';
import { uploadScreenshot } from '../api.js';

/** An uploaded screenshot's tile is 8rem wide. */
const UPLOADED_SCREENSHOT_SIZES = '8rem';

interface PendingUpload {
  id: number;
  name: string;
  /** A local picture of the file while it uploads. */
  previewUrl: string;
  /** 0–1. */
  progress: number;
  stage: 'compressing' | 'uploading';
}

interface ScreenshotUploaderProps {
  imageUrls: readonly string[];
  onImageUrlsChange: (update: (current: string[]) => string[]) => void;
}

type UploadAlert = { title: string; message: string };

const UPLOAD_FAILED_TITLE = 'Upload failed';
const TOO_MANY_TITLE = 'Too many screenshots';

function refusalOf(file: File): string | null {
  return imageFileRefusal(file.name, file.type);
}

let nextUploadId = 1;

/** Screenshot upload: files over 1 MB are compressed in the browser first; each shows its progress, then a thumbnail with Remove. */
export function ScreenshotUploader({ imageUrls, onImageUrlsChange }: ScreenshotUploaderProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [alert, setAlert] = useState<UploadAlert | null>(null);
  const room = TEMPLATE_LIMITS.images - imageUrls.length - pending.length;

  async function upload(file: File) {
    const id = nextUploadId++;
    const previewUrl = URL.createObjectURL(file);
    const needsCompression = file.size > IMAGE_MAX_BYTES;
    setPending((current) => [
      ...current,
      { id, name: file.name, previewUrl, progress: 0, stage: needsCompression ? 'compressing' : 'uploading' },
    ]);
    try {
      let body: Blob = file;
      let fileName = file.name;
      if (needsCompression) {
        const compressed = await compressImageFile(file);
        if (compressed === null)
          throw new ApiError(0, `${file.name} could not be made smaller than 1 MB. Please choose a smaller picture.`);
        body = compressed;
        fileName = file.name.replace(/\.[^.]+$/u, '') + '.jpg';
        setPending((current) => current.map((entry) => (entry.id === id ? { ...entry, stage: 'uploading' } : entry)));
      }
      const location = await uploadScreenshot(body, fileName, (progress) =>
        setPending((current) => current.map((entry) => (entry.id === id ? { ...entry, progress } : entry))),
      );
      onImageUrlsChange((current) => [...current, location]);
    } catch (uploadError) {
      setAlert({ title: UPLOAD_FAILED_TITLE, message: uploadError instanceof Error ? uploadError.message : 'The upload failed.' });
    } finally {
      URL.revokeObjectURL(previewUrl);
      setPending((current) => current.filter((entry) => entry.id !== id));
    }
  }

  function handleFiles(files: FileList | null) {
    setAlert(null);
    const chosen = [...(files ?? [])];
    const refused = chosen.map(refusalOf).find((message) => message !== null);
    if (refused) setAlert({ title: IMAGE_MESSAGES.invalidFormatTitle, message: refused });
    const accepted = chosen.filter((file) => refusalOf(file) === null);
    if (accepted.length > room) setAlert({ title: TOO_MANY_TITLE, message: `At most ${TEMPLATE_LIMITS.images} screenshots.` });
    for (const file of accepted.slice(0, Math.max(0, room))) void upload(file);
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <div className="form-field screenshot-uploader">
      <span className="form-field__label" id={`${inputId}-label`}>
        Screenshots
      </span>
      <ul className="screenshot-uploader__list" aria-labelledby={`${inputId}-label`}>
        {imageUrls.map((imageUrl, index) => (
          <li key={imageUrl} className="screenshot-uploader__item">
            <img {...responsiveImage(imageUrl, UPLOADED_SCREENSHOT_SIZES)} alt={`Screenshot ${index + 1}`} />
            <button
              type="button"
              className="screenshot-uploader__remove"
              aria-label={`Remove screenshot ${index + 1}`}
              onClick={() => onImageUrlsChange((current) => current.filter((entry) => entry !== imageUrl))}
            >
              ×
            </button>
          </li>
        ))}
        {pending.map((upload) => (
          <li key={upload.id} className="screenshot-uploader__item screenshot-uploader__item--pending">
            <img src={upload.previewUrl} alt="" />
            <span className="screenshot-uploader__progress">
              <progress
                max={1}
                value={upload.stage === 'compressing' ? undefined : upload.progress}
                aria-label={`Uploading ${upload.name}`}
              />
              <span>{upload.stage === 'compressing' ? 'Compressing…' : `${Math.round(upload.progress * 100)}%`}</span>
            </span>
          </li>
        ))}
      </ul>
      {room > 0 && (
        <label className="button button--secondary screenshot-uploader__pick" htmlFor={inputId}>
          Upload screenshots
        </label>
      )}
      <input
        ref={inputRef}
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        accept={[...IMAGE_EXTENSIONS, 'image/*'].join(',')}
        aria-describedby={`${inputId}-hint`}
        disabled={room <= 0}
        onChange={(event) => handleFiles(event.target.files)}
      />
      <p id={`${inputId}-hint`} className="form-field__hint">
        Allowed: {IMAGE_EXTENSIONS.join(', ')}. Files over 1 MB are compressed before upload; up to {TEMPLATE_LIMITS.images} screenshots.
      </p>
      {alert && <DismissibleAlert title={alert.title} message={alert.message} onDismiss={() => setAlert(null)} />}
    </div>
  );
}
