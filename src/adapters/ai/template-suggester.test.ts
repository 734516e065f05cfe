import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/shared/events.js';
import { isPublicAddress } from '../security/public-fetch.js';
import { createPageMetadataSuggester, readPageMetadata, SUGGESTION_MESSAGES } from './template-suggester.js';

const PAGE = `<!doctype html><html><head>
  <title>  Marketing Calendar &amp; Planner  </title>
  <meta name="description" content="Plan every campaign of the quarter in one board.">
</head><body>Hello</body></html>`;

describe('page metadata suggester against a local server', () => {
  let server: Server;
  let base: string;
  const local = createPageMetadataSuggester({ allowPrivateAddresses: true, timeoutMs: 500, maxBytes: 4096 });

  beforeAll(async () => {
    server = createServer((request, response) => {
      switch (request.url) {
        case '/page':
          return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        case '/redirect':
          return response.writeHead(302, { location: '/page' }).end();
        case '/loop':
          return response.writeHead(302, { location: '/loop' }).end();
        case '/json':
          return response.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"x"}');
        case '/huge':
          // The title sits after the size cap: it must not be read.
          response.writeHead(200, { 'content-type': 'text/html' });
          response.write(`<html><head><!-- ${'x'.repeat(8192)} -->`);
          return response.end('<title>Too far</title></head></html>');
        case '/slow':
          response.writeHead(200, { 'content-type': 'text/html' });
          response.write('<html><head>');
          return setTimeout(() => response.end('<title>Late</title></head></html>'), 2_000).unref();
        default:
          return response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads title and description, guesses the topic, clips to the form limits', async () => {
    expect(await local.suggest(`${base}/page`)).toEqual({
      found: true,
      message: SUGGESTION_MESSAGES.found,
      type: 'marketing',
      platform: null,
      title: 'Marketing Calendar & Planner',
      description: 'Plan every campaign of the quarter in one board.',
      instructions: null,
    });
  });

  it('follows a redirect, but not a loop', async () => {
    expect((await local.suggest(`${base}/redirect`)).title).toBe('Marketing Calendar & Planner');
    expect(await local.suggest(`${base}/loop`)).toMatchObject({ found: false, message: SUGGESTION_MESSAGES.notFound });
  });

  it('says it could not for non-HTML, missing, oversized-before-the-title and too slow pages', async () => {
    for (const path of ['/json', '/missing', '/huge', '/slow']) {
      expect(await local.suggest(`${base}${path}`), path).toMatchObject({
        found: false,
        message: SUGGESTION_MESSAGES.notFound,
        title: null,
      });
    }
  });

  it('refuses loopback and private addresses by default (SSRF)', async () => {
    const guarded = createPageMetadataSuggester({ timeoutMs: 500 });
    for (const url of [
      `${base}/page`,
      'http://localhost:1/',
      'http://10.0.0.1/',
      'http://[::1]:80/',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      await expect(guarded.suggest(url), url).rejects.toEqual(new DomainError('invalid', SUGGESTION_MESSAGES.notPublic));
    }
  });

  it('refuses what is not http(s)', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com/', 'not a url', 'http://user:pw@example.com/']) {
      await expect(local.suggest(url), url).rejects.toEqual(new DomainError('invalid', SUGGESTION_MESSAGES.notHttp));
    }
  });
});

describe('address and metadata helpers', () => {
  it('tells public from non-public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '2606:4700::6810:84e5', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('falls back to og tags and decodes entities', () => {
    expect(
      readPageMetadata(
        `<meta property='og:title' content='Caf&#233; &quot;Board&quot;'><meta property="og:description" content="A&#x20;board">`,
      ),
    ).toEqual({
      title: 'Café "Board"',
      description: 'A board',
    });
    expect(readPageMetadata('<p>nothing</p>')).toEqual({ title: null, description: null });
  });
});
