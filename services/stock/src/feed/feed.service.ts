import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ITEM_VARIANT_KINDS,
  STOCK_LIMITS,
  type CallerContext,
  type FeedRefusal,
  type FeedResult,
  type ItemInput,
  type MovementInput,
  type StockSnapshotInput,
  type StockSnapshotLineInput,
} from '@portal/contracts';
import { inScope } from '@portal/db';
import { DepositorDirectory } from '../depositors/depositor-directory';
import { FeedRepository } from './feed.repository';
import { ITEM_RULES, MOVEMENT_RULES, SNAPSHOT_LINE_RULES, VARIANT_RULES } from './feed.rules';
import { firstFault } from './line-check';

/**
 * The warehouse system's feed (API keys of kind `warehouse`): stock snapshots, movements, item
 * sheets. Each faulty line is refused with a key and reported; the others are applied. The key's
 * depositors and platforms bound what it may write.
 */
@Injectable()
export class FeedService {
  constructor(
    @Inject(FeedRepository) private readonly feed: FeedRepository,
    @Inject(DepositorDirectory) private readonly directory: DepositorDirectory,
  ) {}

  async snapshot(ctx: CallerContext, data: unknown): Promise<FeedResult> {
    const input = (data ?? {}) as StockSnapshotInput;
    const fault = firstFault(input, {
      depositorId: { kind: 'int', min: 1, required: true },
      platformId: { kind: 'int', min: 1, required: true },
      takenAt: { kind: 'instant', happened: true },
    });
    if (fault) throw new AppError('validationFailed', 'invalid snapshot', undefined, { [fault.field]: fault.key });
    const lines = batchOf(input.lines, 'lines');
    const refusal = this.targetRefusal(ctx, input.depositorId, input.platformId);
    if (refusal) throw new AppError(refusal, `snapshot refused: ${refusal}`);
    const depositorCode = (await this.directory.codes([input.depositorId])).get(input.depositorId);
    if (!depositorCode) throw new AppError('unknownDepositor', 'unknown depositor');
    if (!(await this.directory.platformIds()).has(input.platformId)) throw new AppError('unknownPlatform', 'unknown platform');
    const refused: FeedRefusal[] = [];
    const accepted: StockSnapshotLineInput[] = [];
    lines.forEach((line, index) => {
      const bad = firstFault(line, SNAPSHOT_LINE_RULES);
      if (bad) refused.push({ line: index, key: bad.key, field: bad.field });
      else accepted.push(line as StockSnapshotLineInput);
    });
    const takenAt = input.takenAt ? new Date(input.takenAt) : new Date();
    await this.feed.replaceStock(ctx, { depositorId: input.depositorId, depositorCode, platformId: input.platformId, takenAt }, accepted);
    this.feed.statistics.noteWritten(accepted.length);
    return { accepted: accepted.length, refused };
  }

  async movements(ctx: CallerContext, data: unknown): Promise<FeedResult> {
    const lines = batchOf((data as { movements?: unknown } | undefined)?.movements, 'movements');
    const refused: FeedRefusal[] = [];
    const checked = await this.checkLines<MovementInput>(ctx, lines, MOVEMENT_RULES, refused, (m) => `${m.depositorId}/${m.id}`);
    if (!checked.length) return { accepted: 0, duplicates: 0, refused };
    const { inserted, existing } = await this.feed.insertMovements(
      ctx,
      checked.map((c) => c.line),
    );
    this.feed.statistics.noteWritten(inserted.size);
    let duplicates = 0;
    for (const { line: m, index } of checked) {
      const key = `${m.depositorId}/${m.id}`;
      if (inserted.has(key)) continue;
      const known = existing.get(key);
      const same =
        known &&
        known.reference === m.reference &&
        known.type === m.type &&
        known.quantity === m.quantity &&
        new Date(known.moved_at).getTime() === new Date(m.movedAt).getTime();
      if (same) duplicates += 1;
      else refused.push({ line: index, key: 'movementIdConflict', field: 'id' });
    }
    refused.sort((a, b) => a.line - b.line);
    return { accepted: checked.length - refused.filter((r) => r.key === 'movementIdConflict').length, duplicates, refused };
  }

  async items(ctx: CallerContext, data: unknown): Promise<FeedResult> {
    const lines = batchOf((data as { items?: unknown } | undefined)?.items, 'items');
    const refused: FeedRefusal[] = [];
    const checked = await this.checkLines<ItemInput>(
      ctx,
      lines,
      ITEM_RULES,
      refused,
      (i) => `${i.depositorId}/${i.reference}`,
      variantFault,
    );
    if (checked.length)
      await this.feed.upsertItems(
        ctx,
        checked.map((c) => c.line),
      );
    return { accepted: checked.length, refused };
  }

  /**
   * Field rules, then the key's depositors and platforms, then the depositor's existence, then
   * duplicates within the batch: the lines that pass, with their depositor code.
   */
  private async checkLines<T extends { depositorId: number; platformId?: number }>(
    ctx: CallerContext,
    lines: unknown[],
    rules: typeof MOVEMENT_RULES,
    refused: FeedRefusal[],
    identity: (line: T) => string,
    extra?: (line: T) => { field: string; key: string } | null,
  ): Promise<{ line: T & { depositorCode: string }; index: number }[]> {
    const valid: { line: T; index: number }[] = [];
    lines.forEach((raw, index) => {
      const bad = firstFault(raw, rules) ?? extra?.(raw as T) ?? null;
      if (bad) return refused.push({ line: index, key: bad.key, field: bad.field });
      const line = raw as T;
      const outside = this.targetRefusal(ctx, line.depositorId, line.platformId);
      if (outside)
        return refused.push({ line: index, key: outside, field: outside === 'platformNotAllowed' ? 'platformId' : 'depositorId' });
      valid.push({ line, index });
    });
    const codes = valid.length ? await this.directory.codes(valid.map((v) => v.line.depositorId)) : new Map<number, string>();
    const platforms = valid.some((v) => v.line.platformId !== undefined) ? await this.directory.platformIds() : new Set<number>();
    const seen = new Set<string>();
    const result: { line: T & { depositorCode: string }; index: number }[] = [];
    for (const { line, index } of valid) {
      const depositorCode = codes.get(line.depositorId);
      if (!depositorCode) refused.push({ line: index, key: 'unknownDepositor', field: 'depositorId' });
      else if (line.platformId !== undefined && !platforms.has(line.platformId))
        refused.push({ line: index, key: 'unknownPlatform', field: 'platformId' });
      else if (seen.has(identity(line))) refused.push({ line: index, key: 'duplicateLine' });
      else {
        seen.add(identity(line));
        result.push({ line: { ...line, depositorCode }, index });
      }
    }
    refused.sort((a, b) => a.line - b.line);
    return result;
  }

  /** Outside what the API key may write: its depositors, and its platforms when it is bound to some. */
  private targetRefusal(ctx: CallerContext, depositorId: number, platformId?: number): 'depositorNotAllowed' | 'platformNotAllowed' | null {
    if (!inScope(ctx.scope, depositorId)) return 'depositorNotAllowed';
    const platforms = ctx.client?.platformIds ?? [];
    if (platformId !== undefined && platforms.length > 0 && !platforms.includes(platformId)) return 'platformNotAllowed';
    return null;
  }
}

function batchOf(lines: unknown, field: string): unknown[] {
  if (!Array.isArray(lines)) throw new AppError('validationFailed', `${field} must be a list`, undefined, { [field]: 'required' });
  if (lines.length > STOCK_LIMITS.maxFeedLines)
    throw new AppError('sizeLimitExceeded', `at most ${STOCK_LIMITS.maxFeedLines} lines`, { limit: STOCK_LIMITS.maxFeedLines });
  return lines;
}

function variantFault(item: ItemInput): { field: string; key: string } | null {
  if (item.variants === undefined || item.variants === null) return null;
  if (typeof item.variants !== 'object' || Array.isArray(item.variants)) return { field: 'variants', key: 'invalidFormat' };
  for (const kind of Object.keys(item.variants)) {
    if (!(ITEM_VARIANT_KINDS as readonly string[]).includes(kind)) return { field: `variants.${kind}`, key: 'invalidFormat' };
    const bad = firstFault(item.variants[kind as keyof typeof item.variants], VARIANT_RULES, `variants.${kind}.`);
    if (bad) return bad;
  }
  return null;
}
