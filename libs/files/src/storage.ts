import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@portal/contracts';
import { DOCUMENT_CONTENT_TYPES, EXTENSION_OF, sniffContentType, type SniffedContentType } from './content-type';

export interface StoredFile {
  /** Opaque key, `<folder>/<uuid>.<ext>`: what services keep in their tables. */
  key: string;
  contentType: SniffedContentType;
  size: number;
}

/** Extensions of the files the portal writes itself (exports); never accepted from an upload. */
export const GENERATED_EXTENSIONS = ['csv', 'xlsx'] as const;
export type GeneratedExtension = (typeof GENERATED_EXTENSIONS)[number];

export interface ListedFile {
  key: string;
  size: number;
  /** When the file was completed. */
  modifiedAt: Date;
}

export interface PutOptions {
  /** Folder inside the storage, e.g. `tracking/documents` (letters, digits, `-`, `_`, `/`). */
  folder: string;
  maxBytes: number;
  /** Accepted content types, from the bytes; default PDF, JPEG and PNG. */
  accept?: readonly SniffedContentType[];
}

/**
 * The one storage interface of documents, PODs, claim attachments and logos (ARCHITECTURE.md
 * "Files"). Every write checks the size and the content type from the bytes.
 */
export abstract class FileStorage {
  abstract put(bytes: Buffer, options: PutOptions): Promise<StoredFile>;
  abstract read(key: string): Promise<Buffer>;
  abstract stream(key: string): Readable;
  abstract exists(key: string): Promise<boolean>;
  abstract delete(key: string): Promise<void>;
  /**
   * Stores a file the portal produced itself (an export), streamed: its type is the writer's, not
   * sniffed. The file shows up only once complete; when `source` fails nothing is left behind. With
   * `id` the file is `<folder>/<id>.<extension>`, replacing one of that id (a job written again).
   */
  abstract putGenerated(
    source: Readable,
    options: { folder: string; extension: GeneratedExtension; id?: string },
  ): Promise<{ key: string; size: number }>;
  /** The complete files under a folder, its subfolders included. */
  abstract list(folder: string): Promise<ListedFile[]>;
  /**
   * Deletes the unfinished writes of `putGenerated` under a folder last touched before `before` (their
   * writer died mid-file: a live writer keeps touching its file); answers how many went.
   */
  abstract removeUnfinished(folder: string, before: Date): Promise<number>;

  /** Refuses what is too big (`sizeLimitExceeded`) or not of an accepted type (`unexpectedFileContent`). */
  protected check(bytes: Buffer, options: PutOptions): SniffedContentType {
    if (bytes.length > options.maxBytes) throw new AppError('sizeLimitExceeded', 'file too large', { limit: options.maxBytes });
    if (bytes.length === 0) throw new AppError('cannotReadFile', 'empty file');
    const type = sniffContentType(bytes);
    if (!type || !(options.accept ?? DOCUMENT_CONTENT_TYPES).includes(type)) {
      throw new AppError('unexpectedFileContent', 'file content not as expected', { accepted: options.accept ?? DOCUMENT_CONTENT_TYPES });
    }
    return type;
  }
}

const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\/[0-9a-f-]{36}\.(pdf|jpg|png|csv|xlsx)$/;
const FOLDER = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/;
/** What `putGenerated` writes before the rename: `<id>.<extension>.<uuid>.part`. */
const PARTIAL = /[0-9a-f-]{36}\.(csv|xlsx)\.[0-9a-f-]{36}\.part$/;

/** Local folder storage (`$DATA_DIR/files` by default); keys never leave the root folder. */
export class LocalFileStorage extends FileStorage {
  constructor(readonly root: string = path.resolve(process.env.DATA_DIR ?? 'data', 'files')) {
    super();
  }

  async put(bytes: Buffer, options: PutOptions): Promise<StoredFile> {
    if (!FOLDER.test(options.folder)) throw new Error(`invalid storage folder ${options.folder}`);
    const contentType = this.check(bytes, options);
    const key = `${options.folder}/${randomUUID()}.${EXTENSION_OF[contentType]}`;
    const file = this.pathOf(key);
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, bytes, { flag: 'wx' });
    } catch (e) {
      throw new AppError('fileWriteFailed', `file write failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { key, contentType, size: bytes.length };
  }

  async putGenerated(
    source: Readable,
    options: { folder: string; extension: GeneratedExtension; id?: string },
  ): Promise<{ key: string; size: number }> {
    if (!FOLDER.test(options.folder)) throw new Error(`invalid storage folder ${options.folder}`);
    if (!GENERATED_EXTENSIONS.includes(options.extension)) throw new Error(`invalid generated extension ${options.extension}`);
    const key = `${options.folder}/${options.id ?? randomUUID()}.${options.extension}`;
    const file = this.pathOf(key);
    // Written under a name list() skips (one per writer), renamed once complete: nobody reads half a file.
    const partial = `${file}.${randomUUID()}.part`;
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await pipeline(source, fs.createWriteStream(partial, { flags: 'wx' }));
      await fs.promises.rename(partial, file);
    } catch (e) {
      await fs.promises.rm(partial, { force: true });
      throw e;
    }
    return { key, size: (await fs.promises.stat(file)).size };
  }

  async list(folder: string): Promise<ListedFile[]> {
    if (!FOLDER.test(folder)) throw new Error(`invalid storage folder ${folder}`);
    const entries = await fs.promises.readdir(path.join(this.root, ...folder.split('/')), { recursive: true }).catch(() => [] as string[]);
    const files: ListedFile[] = [];
    for (const entry of entries) {
      const key = `${folder}/${entry.split(path.sep).join('/')}`;
      if (!KEY.test(key)) continue;
      const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
      if (stat?.isFile()) files.push({ key, size: stat.size, modifiedAt: stat.mtime });
    }
    return files;
  }

  async removeUnfinished(folder: string, before: Date): Promise<number> {
    if (!FOLDER.test(folder)) throw new Error(`invalid storage folder ${folder}`);
    const base = path.join(this.root, ...folder.split('/'));
    const entries = await fs.promises.readdir(base, { recursive: true }).catch(() => [] as string[]);
    let removed = 0;
    for (const entry of entries.filter((e) => PARTIAL.test(e))) {
      const file = path.join(base, entry);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile() || stat.mtime >= before) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  async read(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key));
  }

  stream(key: string): Readable {
    return fs.createReadStream(this.pathOf(key));
  }

  async exists(key: string): Promise<boolean> {
    return fs.promises.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new AppError('objectNotFound', 'no such file');
    return path.join(this.root, ...key.split('/'));
  }
}
