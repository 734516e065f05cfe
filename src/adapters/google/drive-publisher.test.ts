import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth as googleAuth } from '@googleapis/drive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineContent } from '../../domain/generator/offline-outline.js';
import { styleById } from '../../domain/generator/rules.js';
import { buildSlideDeck } from '../documents/office-files.js';
import { createGoogleDrivePublisher } from './drive-publisher.js';

interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A local server speaking the two Drive v3 calls the publisher makes: a multipart upload, then a permission. */
describe('Google Drive publisher against a local server speaking the Drive API', () => {
  const seen: SeenRequest[] = [];
  let rootUrl: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const server = createServer(async (request, response) => {
      seen.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: await bodyOf(request),
      });
      response.setHeader('content-type', 'application/json');
      if (request.url!.startsWith('/upload/drive/v3/files'))
        response.end(
          JSON.stringify({ id: 'drive-file-1', webViewLink: 'https://docs.google.com/presentation/d/drive-file-1/edit?usp=drivesdk' }),
        );
      else if (request.url!.startsWith('/drive/v3/files/drive-file-1/permissions'))
        response.end(JSON.stringify({ id: 'anyoneWithLink', role: 'reader', type: 'anyone' }));
      else response.writeHead(404).end(JSON.stringify({ error: { code: 404, message: 'Not found' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rootUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close?.();
  });

  it('uploads the .pptx converted to Google Slides into the folder, shares it by link, and answers the open and copy links', async () => {
    const auth = new googleAuth.OAuth2();
    auth.setCredentials({ access_token: 'test-access-token', expiry_date: Date.now() + 3_600_000 });
    const publisher = createGoogleDrivePublisher({ rootUrl, auth, folderId: 'folder-9' });
    const bytes = await buildSlideDeck(
      offlineContent({ kind: 'slides', brief: 'Plan the Q3 launch', audience: null, numSlides: 3, answers: {} }),
      styleById(null),
    );

    const published = await publisher.publish({ bytes, name: 'Plan-the-Q3-launch.pptx', kind: 'slides' });
    expect(published).toEqual({
      fileId: 'drive-file-1',
      openUrl: 'https://docs.google.com/presentation/d/drive-file-1/edit?usp=drivesdk',
      copyUrl: 'https://docs.google.com/presentation/d/drive-file-1/copy',
    });

    const [upload, permission] = seen;
    expect(upload!.method).toBe('POST');
    expect(upload!.url).toContain('uploadType=multipart');
    expect(upload!.authorization).toBe('Bearer test-access-token');
    const body = upload!.body.toString('latin1');
    expect(body).toContain('"mimeType":"application/vnd.google-apps.presentation"');
    expect(body).toContain('"parents":["folder-9"]');
    expect(body).toContain('"name":"Plan-the-Q3-launch"');
    // The deck itself travels as the media part (a zip: PK…).
    expect(upload!.body.includes(bytes.subarray(0, 64))).toBe(true);
    expect(permission!.url).toContain('/drive/v3/files/drive-file-1/permissions');
    expect(JSON.parse(permission!.body.toString())).toEqual({ role: 'reader', type: 'anyone' });
  });
});
