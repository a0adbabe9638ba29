import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A ZIP archive written front to back into a stream, for the XLSX exports: each entry's local header
 * says "sizes follow" (bit 3), its deflated bytes go out as they are made, a data descriptor closes it,
 * and the central directory ends the file. No zip64: an archive past 4 GiB is refused.
 */

const deflateRaw = promisify(zlib.deflateRaw);

/** The text collected before it is deflated: enough to keep zlib busy, little enough to stay in memory. */
export const ZIP_CHUNK_BYTES = 256 * 1024;
/** zlib's default: 28% smaller files than level 1 for XML, fast enough off the main thread. */
const LEVEL = 6;
const DATA_DESCRIPTOR = 0x0008;
const UTF8_NAMES = 0x0800;
const FLAGS = DATA_DESCRIPTOR | UTF8_NAMES;
const DEFLATE = 8;
/** 2.0: deflate and data descriptors. */
const VERSION = 20;

/** The largest value a ZIP field holds without zip64; beyond it the file would be wrong, so it is refused. */
export function zip32(value: number, what: string): number {
  if (value > 0xffff_ffff) throw new Error(`the XLSX file is past 4 GiB (${what}), beyond what it is written for`);
  return value;
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly stamp = dosTime(new Date());

  constructor(private readonly emit: (bytes: Buffer) => Promise<void>) {}

  /** A whole small entry. */
  async file(name: string, text: string): Promise<void> {
    const entry = await this.begin(name);
    await entry.write(text);
    await entry.end();
  }

  /** Starts an entry; its text then goes through the entry's `write` and `end`. One entry at a time. */
  async begin(name: string): Promise<ZipEntry> {
    const written: Written = {
      name: Buffer.from(name, 'utf8'),
      offset: zip32(this.offset, 'an entry offset'),
      crc: 0,
      compressed: 0,
      size: 0,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt32LE(this.stamp, 10);
    // crc-32, compressed and uncompressed sizes stay 0 here: the data descriptor gives them (bit 3).
    header.writeUInt16LE(written.name.length, 26);
    await this.out(Buffer.concat([header, written.name]));
    return new ZipEntry(
      written,
      (bytes) => this.out(bytes),
      async () => {
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(written.crc, 4);
        descriptor.writeUInt32LE(zip32(written.compressed, 'a compressed entry'), 8);
        descriptor.writeUInt32LE(zip32(written.size, 'an entry'), 12);
        await this.out(descriptor);
        this.entries.push(written);
      },
    );
  }

  /** The central directory and the end record. */
  async end(): Promise<void> {
    const start = zip32(this.offset, 'the central directory offset');
    await this.out(Buffer.concat(this.entries.map((e) => this.central(e))));
    const record = Buffer.alloc(22);
    record.writeUInt32LE(0x06054b50, 0);
    record.writeUInt16LE(this.entries.length, 8);
    record.writeUInt16LE(this.entries.length, 10);
    record.writeUInt32LE(zip32(this.offset - start, 'the central directory'), 12);
    record.writeUInt32LE(start, 16);
    await this.out(record);
  }

  private central(e: Written): Buffer {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt32LE(this.stamp, 12);
    header.writeUInt32LE(e.crc, 16);
    header.writeUInt32LE(e.compressed, 20);
    header.writeUInt32LE(e.size, 24);
    header.writeUInt16LE(e.name.length, 28);
    header.writeUInt32LE(e.offset, 42);
    return Buffer.concat([header, e.name]);
  }

  private async out(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    await this.emit(bytes);
  }
}

/**
 * One entry's text, deflated in chunks on zlib's thread pool: each chunk ends on a sync flush (no final
 * block) so that the pieces form one deflate stream, and the next chunk's text is built while the last
 * one is deflated and written. At most one chunk is in flight: the stream's backpressure holds `write`.
 */
export class ZipEntry {
  private text: string[] = [];
  private textLength = 0;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly written: Written,
    private readonly out: (bytes: Buffer) => Promise<void>,
    private readonly close: () => Promise<void>,
  ) {}

  async write(text: string): Promise<void> {
    this.text.push(text);
    this.textLength += text.length;
    if (this.textLength >= ZIP_CHUNK_BYTES) await this.deflatePending(false);
  }

  async end(): Promise<void> {
    await this.deflatePending(true);
    await this.inFlight;
    await this.close();
  }

  private async deflatePending(last: boolean): Promise<void> {
    const bytes = Buffer.from(this.text.join(''), 'utf8');
    this.text = [];
    this.textLength = 0;
    for (let at = 0; at < bytes.length || (last && at === 0); at += ZIP_CHUNK_BYTES) {
      const chunk = bytes.subarray(at, at + ZIP_CHUNK_BYTES);
      const final = last && at + ZIP_CHUNK_BYTES >= bytes.length;
      this.written.size = zip32(this.written.size + chunk.length, 'an entry');
      this.written.crc = zlib.crc32(chunk, this.written.crc);
      await this.inFlight;
      this.inFlight = this.deflate(chunk, final);
      // Awaited by the next chunk or by end(); marked handled now so that a reader gone meanwhile is no unhandled rejection.
      this.inFlight.catch(() => undefined);
    }
  }

  private async deflate(chunk: Buffer, final: boolean): Promise<void> {
    const flush = final ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH;
    const deflated = await deflateRaw(chunk, { level: LEVEL, finishFlush: flush });
    this.written.compressed += deflated.length;
    await this.out(deflated);
  }
}

/** MS-DOS date and time, as ZIP wants them (local time, two-second steps). */
function dosTime(at: Date): number {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const date = ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return ((date << 16) | time) >>> 0;
}
