import { Inject, Injectable } from '@nestjs/common';
import { adminReach, AppError, DEPOSITOR_IMPORT_COLUMNS, type CallerContext, type DepositorInput } from '@portal/contracts';
import { Db } from '@portal/db';
import { FileStorage, ImportRuns, keyedImportHandler, refusal, type KeyedImportKind, ImportRunsOwner } from '@portal/files';
import { reachScope } from '../common/changes';
import { ReferenceTables } from '@portal/bus';
import { DEPOSITORS } from '../reference-lists/tables';

type DepositorLine = DepositorInput & { id: number | null };

/**
 * Depositors by import (spec §2 data import, §3 Depositor): a line creates the depositor of its code
 * or updates it, through the back office's own form rules (the same zod input, §5 uniqueness, audit
 * record), one transaction per line, in the administrator's reach (as its list: a depositor's
 * administrator updates only their own, creates none: any other code is refused, known or not,
 * with importCodeNotAuthorized).
 */
@Injectable()
export class DepositorsImport extends ImportRunsOwner {
  readonly runs: ImportRuns;

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(FileStorage) files: FileStorage,
    private readonly tables: ReferenceTables,
  ) {
    super();
    this.runs = new ImportRuns(db, files, keyedImportHandler(this.kind()));
  }

  private kind(): KeyedImportKind<DepositorLine> {
    return {
      kind: 'depositors',
      columns: DEPOSITOR_IMPORT_COLUMNS,
      resolve: async (ctx, v) => {
        const code = v.code as string;
        const [existing] = await this.db.scopedQuery<{ id: number }>(reachScope(ctx), `SELECT id FROM depositors WHERE code = $1`, [code]);
        if (!existing && !adminReach(ctx).all) return refusal('importCodeNotAuthorized', { column: 'code', code });
        return {
          status: existing ? 'update' : 'create',
          depositor_id: existing?.id ?? null,
          key: code,
          payload: {
            id: existing?.id ?? null,
            code,
            label: v.label as string,
            action_delay_on_address: (v.action_delay_on_address as number | null) ?? null,
          },
        };
      },
      write: (ctx, line) => this.write(ctx, line),
    };
  }

  private async write(ctx: CallerContext, { id, ...values }: DepositorLine): Promise<'imported' | 'failed'> {
    try {
      if (id) await this.tables.update(DEPOSITORS, ctx, { id, values });
      else await this.tables.create(DEPOSITORS, ctx, values);
      return 'imported';
    } catch (e) {
      if (e instanceof AppError) return 'failed';
      throw e;
    }
  }
}
