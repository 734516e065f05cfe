import { describe, expect, it } from 'vitest';
import { bmp24 } from '../../../tests/fixtures/bitmap.js';
import { BitmapTooLargeError, decodeBmp, UnreadableBitmapError } from './bmp.js';

const RED = [255, 0, 0] as const;
const GREEN = [0, 255, 0] as const;
const BLUE = [0, 0, 255] as const;
const WHITE = [255, 255, 255] as const;

/** A top-down 2x2 BMP with a 40-byte header of `bitsPerPixel`, `compression`, the given palette or masks, and pixel rows. */
function bitmap(bitsPerPixel: number, compression: number, extra: Buffer, rows: Buffer[]): Buffer {
  const header = Buffer.alloc(14 + 40);
  const pixelOffset = header.length + extra.length;
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(pixelOffset, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(-rows.length, 22); // Negative: top row first.
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(bitsPerPixel, 28);
  header.writeUInt32LE(compression, 30);
  if (bitsPerPixel <= 8) header.writeUInt32LE(extra.length / 4, 46); // Colours used: the palette's length.
  return Buffer.concat([header, extra, ...rows]);
}

describe('BMP decoder', () => {
  it('reads a bottom-up 24-bit bitmap whose rows are padded to 4 bytes', () => {
    const decoded = decodeBmp(
      bmp24([
        [RED, GREEN, BLUE],
        [WHITE, RED, GREEN],
      ]),
      100,
    );
    expect(decoded).toMatchObject({ width: 3, height: 2, channels: 3 });
    expect([...decoded.data]).toEqual([...RED, ...GREEN, ...BLUE, ...WHITE, ...RED, ...GREEN]);
  });

  it('reads an 8-bit palette bitmap and a 16-bit (5-5-5) one', () => {
    const palette = Buffer.from([0, 0, 255, 0, 255, 0, 0, 0]); // Blue, green, red, unused: red, then blue.
    const eightBit = decodeBmp(bitmap(8, 0, palette, [Buffer.from([0, 1, 0, 0])]), 100);
    expect([...eightBit.data]).toEqual([...RED, ...BLUE]);
    const sixteenBit = decodeBmp(bitmap(16, 0, Buffer.alloc(0), [Buffer.from([0x00, 0x7c, 0x1f, 0x00])]), 100);
    expect([...sixteenBit.data]).toEqual([...RED, ...BLUE]);
  });

  it('reads a 32-bit bitmap with an alpha mask as RGBA', () => {
    const masks = Buffer.alloc(16);
    [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000].forEach((mask, index) => masks.writeUInt32LE(mask, index * 4));
    const decoded = decodeBmp(bitmap(32, 6, masks, [Buffer.from([0, 0, 255, 128, 255, 0, 0, 255])]), 100);
    expect(decoded.channels).toBe(4);
    expect([...decoded.data]).toEqual([...RED, 128, ...BLUE, 255]);
  });

  it('refuses truncated, compressed and too large bitmaps', () => {
    const whole = bmp24([
      [RED, GREEN],
      [BLUE, WHITE],
    ]);
    expect(() => decodeBmp(whole.subarray(0, whole.length - 4), 100)).toThrow(UnreadableBitmapError);
    expect(() => decodeBmp(whole.subarray(0, 20), 100)).toThrow(UnreadableBitmapError);
    expect(() => decodeBmp(bitmap(8, 1, Buffer.alloc(8), [Buffer.alloc(4)]), 100)).toThrow(UnreadableBitmapError);
    expect(() => decodeBmp(whole, 3)).toThrow(BitmapTooLargeError);
  });
});
