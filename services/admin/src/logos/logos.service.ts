import { Inject, Injectable, Logger } from '@nestjs/common';
import { OutboxRelay } from '@portal/bus';
import {
  AppError,
  FIELD_ERRORS,
  hasAnyRole,
  LOGO_SIZE,
  LOGO_UPLOAD_MAX_BYTES,
  notFound,
  Role,
  type CallerContext,
  type LogoDto,
} from '@portal/contracts';
import { Db, inScope, rowsOf } from '@portal/db';
import { FileStorage, PNG } from '@portal/files';
import sharp from 'sharp';
import { reachScope, recordChange } from '../common/changes';
import { MAX_ID } from '../common/validate';

export const LOGO_FOLDER = 'admin/logos';
/** Where the gateway puts an upload (its type already read from the bytes) before it is resized here. */
export const LOGO_UPLOAD_FOLDER = 'admin/logo-uploads';
const UPLOAD_KEY = /^admin\/logo-uploads\/[0-9a-f-]{36}\.(png|jpg)$/;

interface LogoRow {
  id: number;
  logo_key: string | null;
  logo_updated_at: Date | null;
}

/**
 * Depositors' logos (spec §5: 300x150, PNG preferred): an upload (PNG or JPEG, read from its bytes)
 * is resized to fit 300x150 without being enlarged and kept as PNG. ADMIN_DEPOSITOR sets those of
 * the depositors in their reach (another's answers 404); a user with USER_CHANGE_OWN_LOGO one of
 * their own depositors'. Shown in the header of that depositor's users.
 */
@Injectable()
export class LogosService {
  private readonly logger = new Logger('Logos');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(FileStorage) private readonly files: FileStorage,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  /** The back office: any depositor in the administrator's reach. */
  set(ctx: CallerContext, data: unknown): Promise<LogoDto> {
    const { depositorId, upload } = logoCommand(data, true);
    return this.store(reachScope(ctx), ctx, depositorId!, upload);
  }

  /** The caller's own depositor: named, or the only one they have; another's answers 404. */
  setOwn(ctx: CallerContext, data: unknown): Promise<LogoDto> {
    const command = logoCommand(data, false);
    const own = ctx.scope.depositorIds;
    const depositorId = command.depositorId ?? (own.length === 1 ? own[0] : undefined);
    if (depositorId === undefined) {
      throw new AppError('validationFailed', 'which depositor?', undefined, { depositorId: FIELD_ERRORS.required });
    }
    return this.store(ctx, ctx, depositorId, command.upload);
  }

  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const { depositorId } = logoCommand({ ...(data as object), upload: 'none' }, true, false);
    const reach = reachScope(ctx);
    const old = await this.db.scoped(reach, async (em) => {
      const current = await this.current(em, reach, depositorId!);
      await em.query(`UPDATE depositors SET logo_key = NULL, logo_updated_at = NULL WHERE id = $1`, [depositorId]);
      await recordChange(em, ctx, {
        entity: 'logo',
        id: depositorId!,
        action: 'deleted',
        depositorId,
        before: { logoUpdatedAt: current.logo_updated_at },
        after: null,
      });
      return current.logo_key;
    });
    this.outbox.kick();
    if (old) await this.files.delete(old).catch(() => undefined);
    return { ok: true };
  }

  /**
   * A depositor's logo: ADMIN_DEPOSITOR reads those in their reach, other users their depositors'
   * (404 otherwise).
   * Without an id: the caller's own depositor's (the first of theirs that has one).
   */
  async of(ctx: CallerContext, data: unknown): Promise<LogoDto> {
    const raw = (data as { depositorId?: unknown } | null)?.depositorId;
    const scope = hasAnyRole(ctx.roles, [Role.ADMIN_DEPOSITOR]) && raw !== undefined ? reachScope(ctx) : ctx;
    const [row] =
      raw === undefined || raw === null || raw === ''
        ? await this.db.scopedQuery<LogoRow>(
            ctx,
            `SELECT id, logo_key, logo_updated_at FROM depositors WHERE logo_key IS NOT NULL AND id = ANY($1::int[]) ORDER BY id LIMIT 1`,
            [ctx.scope.depositorIds],
          )
        : await this.db.scopedQuery<LogoRow>(scope, `SELECT id, logo_key, logo_updated_at FROM depositors WHERE id = $1`, [
            depositorIdOf(raw),
          ]);
    if (!row?.logo_key) throw notFound('logo');
    return { depositorId: row.id, key: row.logo_key, updatedAt: new Date(row.logo_updated_at!).toISOString() };
  }

  private async store(scope: CallerContext, ctx: CallerContext, depositorId: number, upload: string): Promise<LogoDto> {
    try {
      // The depositor first: another's answers 404 before any work on the image.
      await this.db.scoped(scope, (em) => this.current(em, scope, depositorId));
      const png = await fitLogo(await this.files.read(upload));
      const stored = await this.files.put(png, { folder: LOGO_FOLDER, maxBytes: LOGO_UPLOAD_MAX_BYTES, accept: [PNG] });
      try {
        const old = await this.db.scoped(scope, async (em) => {
          const current = await this.current(em, scope, depositorId, true);
          const [row] = rowsOf<LogoRow>(
            await em.query(
              `UPDATE depositors SET logo_key = $2, logo_updated_at = now() WHERE id = $1 RETURNING id, logo_key, logo_updated_at`,
              [depositorId, stored.key],
            ),
          );
          await recordChange(em, ctx, {
            entity: 'logo',
            id: depositorId,
            action: current.logo_key ? 'updated' : 'created',
            depositorId,
            before: current.logo_key ? { logoUpdatedAt: current.logo_updated_at } : null,
            after: { logoUpdatedAt: row.logo_updated_at, bytes: stored.size },
          });
          return { previous: current.logo_key, row };
        });
        this.outbox.kick();
        if (old.previous) await this.files.delete(old.previous).catch(() => undefined);
        return { depositorId, key: stored.key, updatedAt: new Date(old.row.logo_updated_at!).toISOString() };
      } catch (e) {
        await this.files.delete(stored.key).catch(() => undefined);
        throw e;
      }
    } finally {
      await this.files.delete(upload).catch((e: unknown) => this.logger.warn(`upload ${upload} not removed: ${String(e)}`));
    }
  }

  /** The depositor's logo row, if the depositor is in this scope (row-level security agrees): 404 otherwise. */
  private async current(em: import('typeorm').EntityManager, scope: CallerContext, depositorId: number, lock = false): Promise<LogoRow> {
    if (!inScope(scope.scope, depositorId)) throw notFound('depositor');
    const [row] = rowsOf<LogoRow>(
      await em.query(`SELECT id, logo_key, logo_updated_at FROM depositors WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [depositorId]),
    );
    if (!row) throw notFound('depositor');
    return row;
  }
}

/**
 * Fits an image into 300x150 (never enlarged, proportions kept) as PNG. Bytes that looked like an
 * image but do not decode are refused like any other wrong content.
 */
export async function fitLogo(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(LOGO_SIZE.width, LOGO_SIZE.height, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('unexpectedFileContent', 'the image cannot be read', { accepted: ['image/png', 'image/jpeg'] });
  }
}

function depositorIdOf(raw: unknown): number {
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound('depositor');
  return id;
}

function logoCommand(data: unknown, idRequired: boolean, checkUpload = true): { depositorId?: number; upload: string } {
  const d = (data ?? {}) as { depositorId?: unknown; upload?: unknown };
  const given = d.depositorId !== undefined && d.depositorId !== null && d.depositorId !== '';
  if (!given && idRequired) throw notFound('depositor');
  if (checkUpload && (typeof d.upload !== 'string' || !UPLOAD_KEY.test(d.upload))) {
    throw new AppError('cannotReadFile', 'no uploaded logo');
  }
  return { depositorId: given ? depositorIdOf(d.depositorId) : undefined, upload: d.upload as string };
}
