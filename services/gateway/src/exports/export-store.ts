import type { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { AppError, dayIn, type CallerContext, type ExportFileFormat } from '@portal/contracts';
import { FileStorage, type ListedFile } from '@portal/files';
import { ExportLimits } from './export-limits';

const ROOT = 'exports';
/**
 * An unfinished export file untouched this long has lost its writer (a gateway killed mid-file): a
 * live writer appends at least every lease renewal, and its job is taken over and written anew.
 */
export const UNFINISHED_MAX_AGE_MS = 24 * 3600_000;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY = /^exports\/[0-9a-f-]{36}\/([a-z]+)\/([0-9a-f-]{36})\.(csv|xlsx)$/;

/** A mailed export as kept in the file storage: `exports/<owner uuid>/<name>/<id>.<format>`. */
export interface StoredExport {
  id: string;
  key: string;
  /** What was exported: `orders`, `stock`, `movements`. */
  name: string;
  format: ExportFileFormat;
  size: number;
  createdAt: Date;
  expiresAt: Date;
}

/** The file name users get: `<name>-<YYYYMMDD>.<format>`, the day in their time zone. */
export function exportFileName(name: string, format: ExportFileFormat, at: Date, timeZone: string): string {
  const day = dayIn(timeZone, at);
  return `${name}-${day.replace(/-/g, '')}.${format}`;
}

/**
 * Background exports in the shared file storage, under their owner's user uuid: the path is the
 * access check (another user's id is simply not under their folder), and files expire after the
 * retention delay (refused at once, deleted by the next sweep).
 */
@Injectable()
export class ExportStore {
  private readonly logger = new Logger('Exports');

  constructor(
    private readonly files: FileStorage,
    private readonly limits: ExportLimits,
  ) {}

  /** Streams `source` into the storage as export `id` (its job), replacing a former file of that id; nothing is kept when it fails. */
  async save(owner: CallerContext, id: string, name: string, format: ExportFileFormat, source: Readable): Promise<StoredExport> {
    if (!ID.test(id)) throw new Error(`invalid export id ${id}`);
    const stored = await this.files.putGenerated(source, { folder: `${this.folderOf(owner)}/${name}`, extension: format, id });
    const found = this.parse({ key: stored.key, size: stored.size, modifiedAt: new Date() });
    if (!found) throw new Error(`unexpected export key ${stored.key}`);
    return found;
  }

  /** The caller's own export, still within its retention; objectNotFound otherwise, whoever asks. */
  async find(owner: CallerContext, id: string): Promise<StoredExport> {
    if (!owner.user || !ID.test(id)) throw notFound();
    const file = (await this.files.list(this.folderOf(owner))).map((f) => this.parse(f)).find((f) => f?.id === id);
    if (!file) throw notFound();
    if (file.expiresAt.getTime() <= Date.now()) {
      await this.files.delete(file.key);
      throw notFound();
    }
    return file;
  }

  stream(file: StoredExport): Readable {
    return this.files.stream(file.key);
  }

  /**
   * Deletes every user's exports past their retention, and the unfinished files of writers that died
   * (`.part`, untouched for UNFINISHED_MAX_AGE_MS); returns how many exports went.
   */
  async sweep(now = new Date()): Promise<number> {
    const expired = (await this.files.list(ROOT)).map((f) => this.parse(f)).filter((f) => f && f.expiresAt <= now) as StoredExport[];
    for (const file of expired) await this.files.delete(file.key);
    if (expired.length) this.logger.log(`${expired.length} expired export(s) deleted`);
    const unfinished = await this.files.removeUnfinished(ROOT, new Date(now.getTime() - UNFINISHED_MAX_AGE_MS));
    if (unfinished) this.logger.log(`${unfinished} unfinished export file(s) of stopped writers deleted`);
    return expired.length;
  }

  private folderOf(owner: CallerContext): string {
    if (!owner.user) throw new AppError('permissionDenied', 'exports belong to signed-in users');
    return `${ROOT}/${owner.user.uuid.toLowerCase()}`;
  }

  private parse(file: ListedFile): StoredExport | null {
    const match = KEY.exec(file.key);
    if (!match) return null;
    const [, name, id, format] = match;
    const expiresAt = new Date(file.modifiedAt.getTime() + this.limits.retentionMs);
    return { id, key: file.key, name, format: format as ExportFileFormat, size: file.size, createdAt: file.modifiedAt, expiresAt };
  }
}

const notFound = () => new AppError('objectNotFound', 'no such export, or it expired');
