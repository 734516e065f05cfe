/**
 * A decoder for Windows bitmaps (BMP), which sharp's libvips cannot read: uncompressed pictures of
 * 1, 4, 8, 16, 24 or 32 bits per pixel, with or without bit-field masks (what paint programs, screen
 * grabbers and browsers write). Run-length compressed and embedded JPEG/PNG bitmaps are refused as
 * unreadable. Every read is bounds-checked by Buffer, and the size is checked before pixels are allocated.
 */

/** Decoded pixels, top row first, 3 (RGB) or 4 (RGBA) bytes each: sharp's `raw` input. */
export interface DecodedBitmap {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

export class UnreadableBitmapError extends Error {}
export class BitmapTooLargeError extends Error {}

const FILE_HEADER_BYTES = 14;
const CORE_HEADER_BYTES = 12;
const INFO_HEADER_BYTES = 40;
const COMPRESSION_NONE = 0;
const COMPRESSION_BITFIELDS = 3;
const COMPRESSION_ALPHA_BITFIELDS = 6;
/** Headers from BITMAPV3INFOHEADER (56 bytes) on carry an alpha mask after the colour masks. */
const HEADER_WITH_ALPHA_MASK_BYTES = 56;

export function isBmp(upload: Buffer): boolean {
  return upload.length >= FILE_HEADER_BYTES && upload[0] === 0x42 && upload[1] === 0x4d; // "BM"
}

/** Decodes a BMP of at most `maxPixels` pixels; throws UnreadableBitmapError or BitmapTooLargeError. */
export function decodeBmp(upload: Buffer, maxPixels: number): DecodedBitmap {
  try {
    return decode(upload, maxPixels);
  } catch (error) {
    if (error instanceof BitmapTooLargeError || error instanceof UnreadableBitmapError) throw error;
    throw new UnreadableBitmapError('truncated bitmap'); // A read past the end of the buffer (RangeError).
  }
}

function decode(upload: Buffer, maxPixels: number): DecodedBitmap {
  if (!isBmp(upload)) throw new UnreadableBitmapError('not a bitmap');
  const pixelOffset = upload.readUInt32LE(10);
  const headerBytes = upload.readUInt32LE(FILE_HEADER_BYTES);
  const core = headerBytes === CORE_HEADER_BYTES;
  if (!core && headerBytes < INFO_HEADER_BYTES) throw new UnreadableBitmapError('unknown header');
  const width = core ? upload.readUInt16LE(18) : upload.readInt32LE(18);
  const signedHeight = core ? upload.readUInt16LE(20) : upload.readInt32LE(22);
  const bitsPerPixel = upload.readUInt16LE(core ? 24 : 28);
  const compression = core ? COMPRESSION_NONE : upload.readUInt32LE(30);
  const topDown = signedHeight < 0;
  const height = Math.abs(signedHeight);
  if (width <= 0 || height <= 0) throw new UnreadableBitmapError('empty bitmap');
  if (width * height > maxPixels) throw new BitmapTooLargeError('too many pixels');

  const masks = colourMasks(upload, headerBytes, bitsPerPixel, compression);
  const palette = bitsPerPixel <= 8 ? readPalette(upload, headerBytes, bitsPerPixel, core) : [];
  const channels = masks?.alpha ? 4 : 3;
  const rowBytes = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
  if (pixelOffset + rowBytes * height > upload.length) throw new UnreadableBitmapError('truncated bitmap');

  const data = Buffer.alloc(width * height * channels);
  for (let row = 0; row < height; row += 1) {
    const rowStart = pixelOffset + (topDown ? row : height - 1 - row) * rowBytes;
    for (let column = 0; column < width; column += 1) {
      const target = (row * width + column) * channels;
      if (bitsPerPixel <= 8) {
        const bitOffset = column * bitsPerPixel;
        const byte = upload[rowStart + (bitOffset >> 3)]!;
        const index = (byte >> (8 - bitsPerPixel - (bitOffset & 7))) & ((1 << bitsPerPixel) - 1);
        const colour = palette[index];
        if (colour === undefined) throw new UnreadableBitmapError('colour index outside the palette');
        data[target] = colour[0];
        data[target + 1] = colour[1];
        data[target + 2] = colour[2];
      } else if (masks === null) {
        // 24 bits, or 32 bits whose fourth byte is unused: blue, green, red.
        const source = rowStart + column * (bitsPerPixel / 8);
        data[target] = upload[source + 2]!;
        data[target + 1] = upload[source + 1]!;
        data[target + 2] = upload[source]!;
      } else {
        const pixel = bitsPerPixel === 16 ? upload.readUInt16LE(rowStart + column * 2) : upload.readUInt32LE(rowStart + column * 4);
        data[target] = maskedChannel(pixel, masks.red);
        data[target + 1] = maskedChannel(pixel, masks.green);
        data[target + 2] = maskedChannel(pixel, masks.blue);
        if (masks.alpha) data[target + 3] = maskedChannel(pixel, masks.alpha);
      }
    }
  }
  return { data, width, height, channels };
}

interface ColourMasks {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

/** The bit masks of 16- and 32-bit pixels; null for 24-bit and 32-bit BGRX pixels, read bytewise. */
function colourMasks(upload: Buffer, headerBytes: number, bitsPerPixel: number, compression: number): ColourMasks | null {
  const bitfields = compression === COMPRESSION_BITFIELDS || compression === COMPRESSION_ALPHA_BITFIELDS;
  if (!bitfields && compression !== COMPRESSION_NONE) throw new UnreadableBitmapError('compressed bitmap');
  if (bitsPerPixel <= 8 || bitsPerPixel === 24) {
    if (bitfields) throw new UnreadableBitmapError('bit fields on a palette or 24-bit bitmap');
    return null;
  }
  if (bitsPerPixel !== 16 && bitsPerPixel !== 32) throw new UnreadableBitmapError('unknown pixel size');
  if (!bitfields) return bitsPerPixel === 16 ? { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 } : null;
  // The masks follow a 40-byte header, or are its extension in the longer ones: at the same place.
  const masksAt = FILE_HEADER_BYTES + INFO_HEADER_BYTES;
  const hasAlphaMask = compression === COMPRESSION_ALPHA_BITFIELDS || headerBytes >= HEADER_WITH_ALPHA_MASK_BYTES;
  return {
    red: upload.readUInt32LE(masksAt),
    green: upload.readUInt32LE(masksAt + 4),
    blue: upload.readUInt32LE(masksAt + 8),
    alpha: hasAlphaMask ? upload.readUInt32LE(masksAt + 12) : 0,
  };
}

function readPalette(upload: Buffer, headerBytes: number, bitsPerPixel: number, core: boolean): Array<[number, number, number]> {
  if (![1, 4, 8].includes(bitsPerPixel)) throw new UnreadableBitmapError('unknown pixel size');
  const used = core ? 0 : upload.readUInt32LE(46);
  const count = used === 0 ? 2 ** bitsPerPixel : Math.min(used, 2 ** bitsPerPixel);
  const entryBytes = core ? 3 : 4;
  const start = FILE_HEADER_BYTES + headerBytes;
  return Array.from({ length: count }, (_, index) => {
    const at = start + index * entryBytes;
    return [upload.readUInt8(at + 2), upload.readUInt8(at + 1), upload.readUInt8(at)];
  });
}

/** The channel a mask selects, scaled to 0-255 (a 5-bit channel's 31 is 255). */
function maskedChannel(pixel: number, mask: number): number {
  if (mask === 0) return 0;
  const shift = countTrailingZeros(mask);
  const maximum = mask >>> shift;
  return Math.round((((pixel & mask) >>> shift) * 255) / maximum);
}

function countTrailingZeros(value: number): number {
  return 31 - Math.clz32(value & -value);
}
