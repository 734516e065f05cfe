import { Readable } from 'node:stream';
import { auth as googleAuth, drive, type drive_v3 } from '@googleapis/drive';
import type { GenerationKind } from '../../domain/generator/rules.js';
import { OFFICE_MIME_TYPES } from '../documents/office-files.js';

/** A generated file also created in Google Slides / Docs (the user's 'Open Your Template' and 'Copy' then point there). */
export interface GooglePublished {
  fileId: string;
  openUrl: string;
  copyUrl: string;
}

export interface GooglePublisher {
  publish(file: { bytes: Buffer; name: string; kind: GenerationKind }): Promise<GooglePublished>;
}

const GOOGLE_MIME = { slides: 'application/vnd.google-apps.presentation', docs: 'application/vnd.google-apps.document' } as const;
const EDITOR_PATH = { slides: 'presentation', docs: 'document' } as const;
/** Only the files this app creates: the narrowest Drive scope that can upload and share them. */
export const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive.file'];

/**
 * Uploads the .pptx / .docx to Google Drive through Google's own client, converted to Google
 * Slides / Docs, readable by anyone with the link; 'Copy' is Google's /copy link. Credentials: a
 * service account key file (GOOGLE_APPLICATION_CREDENTIALS); GOOGLE_DRIVE_FOLDER_ID puts the
 * files in a folder shared with that account. `rootUrl` and `auth` are for tests against a local
 * server speaking the Drive API.
 */
/** The Drive client's own auth classes (its google-auth-library may differ from the app's). */
export type DriveOAuthClient = InstanceType<typeof googleAuth.OAuth2>;

export function createGoogleDrivePublisher(options: {
  keyFile?: string;
  folderId?: string;
  rootUrl?: string;
  auth?: DriveOAuthClient;
}): GooglePublisher {
  const auth = options.auth ?? new googleAuth.GoogleAuth({ keyFile: options.keyFile, scopes: DRIVE_SCOPES });
  const client: drive_v3.Drive = drive({ version: 'v3', auth });
  // Per call: the upload URL is built from the method's own options, not the client's.
  const callOptions = options.rootUrl ? { rootUrl: options.rootUrl } : {};
  return {
    async publish({ bytes, name, kind }) {
      const created = await client.files.create(
        {
          requestBody: {
            name: name.replace(/\.(pptx|docx)$/u, ''),
            mimeType: GOOGLE_MIME[kind],
            ...(options.folderId ? { parents: [options.folderId] } : {}),
          },
          media: { mimeType: kind === 'slides' ? OFFICE_MIME_TYPES.pptx : OFFICE_MIME_TYPES.docx, body: Readable.from(bytes) },
          fields: 'id,webViewLink',
          supportsAllDrives: true,
        },
        callOptions,
      );
      const fileId = created.data.id;
      if (!fileId) throw new Error('Google Drive answered without a file id');
      await client.permissions.create({ fileId, requestBody: { role: 'reader', type: 'anyone' }, supportsAllDrives: true }, callOptions);
      const editorUrl = `https://docs.google.com/${EDITOR_PATH[kind]}/d/${fileId}`;
      return { fileId, openUrl: created.data.webViewLink ?? `${editorUrl}/edit`, copyUrl: `${editorUrl}/copy` };
    },
  };
}
