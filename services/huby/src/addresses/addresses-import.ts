import { Inject, Injectable } from '@nestjs/common';
import { ADDRESS_IMPORT_COLUMNS, AppError, type AddressInput, type CallerContext } from '@portal/contracts';
import { Db } from '@portal/db';
import { FileStorage, ImportRuns, keyedImportHandler, refusal, type CellValue, type KeyedImportKind, ImportRunsOwner } from '@portal/files';
import { Depositors } from '../depositors/depositors';
import { HubyImportResolver } from '../import/import-resolver';
import { AddressesService } from './addresses.service';

interface AddressLine {
  uuid: string | null;
  address: AddressInput;
}

const text = (v: CellValue) => (v as string | null) ?? undefined;

/**
 * Shipper and recipient addresses by import (spec §2 data import, §3 Address, §5 phone or mobile):
 * a line creates the address of its code in the depositor's book, or updates it, through the
 * address book's own rules, one transaction per line with its audit record (the address book's). The depositor must be
 * the caller's (importCodeNotAuthorized otherwise), whatever the caller's roles.
 */
@Injectable()
export class AddressesImport extends ImportRunsOwner {
  readonly runs: ImportRuns;

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(Depositors) private readonly depositors: Depositors,
    @Inject(FileStorage) files: FileStorage,
    private readonly addresses: AddressesService,
  ) {
    super();
    this.runs = new ImportRuns(db, files, keyedImportHandler(this.kind()));
  }

  private kind(): KeyedImportKind<AddressLine> {
    return {
      kind: 'addresses',
      columns: ADDRESS_IMPORT_COLUMNS,
      resolve: async (ctx, v) => {
        const depositor = await new HubyImportResolver(this.db, this.depositors, ctx).depositor(v.depositor_code as string);
        if (depositor === 'notAuthorized')
          return refusal('importCodeNotAuthorized', { column: 'depositor_code', code: v.depositor_code as string });
        if (!v.company_name && !v.contact_name) return refusal('importWriteFailed', { column: 'company_name', reason: 'required' });
        if (!v.phone && !v.mobile) return refusal('importWriteFailed', { column: 'phone', reason: 'phoneOrMobile' });
        if (!/^[A-Z]{2}$/.test(v.country as string)) return refusal('importWriteFailed', { column: 'country', reason: 'invalidFormat' });
        const book = (v.book as string).toLowerCase() as AddressInput['book'];
        const [existing] = await this.db.scopedQuery<{ uuid: string }>(
          ctx,
          `SELECT uuid FROM addresses WHERE depositor_id = $1 AND book = $2 AND code = $3 AND deleted_at IS NULL LIMIT 1`,
          [depositor.id, book, v.code],
        );
        return {
          status: existing ? 'update' : 'create',
          depositor_id: depositor.id,
          key: `${depositor.code}/${book}/${v.code as string}`,
          payload: {
            uuid: existing?.uuid ?? null,
            address: {
              book,
              depositor_id: depositor.id,
              code: v.code as string,
              company_name: text(v.company_name),
              contact_name: text(v.contact_name),
              address1: v.address1 as string,
              address2: text(v.address2),
              zip: v.zip as string,
              town: v.town as string,
              country: v.country as string,
              phone: text(v.phone),
              mobile: text(v.mobile),
              email: text(v.email),
              address_type: text(v.address_type) as AddressInput['address_type'],
            } as AddressInput,
          },
        };
      },
      write: (ctx, line) => this.write(ctx, line),
    };
  }

  private async write(ctx: CallerContext, { uuid, address }: AddressLine): Promise<'imported' | 'failed'> {
    // The address book's own writes tell the audit trail (auditedWrite): an imported line is recorded like a typed one.
    try {
      if (uuid) await this.addresses.update(ctx, { uuid, address });
      else await this.addresses.create(ctx, address);
      return 'imported';
    } catch (e) {
      if (e instanceof AppError) return 'failed';
      throw e;
    }
  }
}
