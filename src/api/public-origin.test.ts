import { describe, expect, it } from 'vitest';
import { linkOriginFor } from './public-origin.js';

const publicOriginOf = (publicUrl: string, host: string) => linkOriginFor(publicUrl)({ host });

describe('linkOriginFor', () => {
  it('always answers a configured public URL that is not loopback', () => {
    for (const host of ['evil.example', 'tessera.example', 'localhost:443', '127.0.0.1'])
      expect(publicOriginOf('https://tessera.example', host)).toBe('https://tessera.example');
  });

  it('keeps a loopback host on the local port, and nothing else', () => {
    const local = 'http://localhost:7100';
    for (const host of ['127.0.0.1:7100', 'localhost:7100', '[::1]:7100', '127.0.0.2:7100'])
      expect(publicOriginOf(local, host)).toBe(`http://${host}`);
    for (const host of [
      'evil.example',
      'evil.example:7100',
      '127.0.0.1:7101',
      'localhost',
      '127.0.0.1:7100@evil.example',
      'localhost:7100.evil.example',
      '',
      'a b',
    ])
      expect(publicOriginOf(local, host)).toBe(local);
  });
});
