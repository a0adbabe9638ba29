import { Injectable } from '@nestjs/common';
import { AppError, type CallerContext, type Labels5 } from '@portal/contracts';
import type { ExportOptions, ExportSheet } from './sheet';

/** One page of the list being exported. */
export interface ExportPage<Row> {
  rows: Row[];
  /** The list holds at least this many rows, when the service knows (a counted total). */
  atLeast?: number;
}

/** An export rebuilt from its caller's context and stored query: what is read, and how it reads as a sheet. */
export interface ExportSource<Row> {
  /** What is exported, as the mail names it. */
  title: Labels5;
  /** The rows in export order; the service applies the caller's scope to every page. */
  pages: AsyncIterable<ExportPage<Row>>;
  /** Headers and cells in the user's language, date format and time zone. */
  sheet(options: ExportOptions): ExportSheet<Row>;
}

/** Rebuilds an export of one kind from the context and the validated list request (JSON) stored with its job. */
export type ExportKind = (ctx: CallerContext, query: unknown) => ExportSource<object>;

/**
 * The export kinds of this gateway by name (`orders`, `stock`, `movements`, `claims`), registered by
 * the exporting controllers: a gateway that did not start a background export rebuilds it from its
 * durable job with the same code that answered the request.
 */
@Injectable()
export class ExportKinds {
  private readonly kinds = new Map<string, ExportKind>();

  register<Row extends object>(name: string, kind: (ctx: CallerContext, query: unknown) => ExportSource<Row>): void {
    if (!/^[a-z]+$/.test(name)) throw new Error(`invalid export name ${name}`);
    if (this.kinds.has(name)) throw new Error(`export kind ${name} registered twice`);
    this.kinds.set(name, kind as ExportKind);
  }

  build(name: string, ctx: CallerContext, query: unknown): ExportSource<object> {
    const kind = this.kinds.get(name);
    if (!kind) throw new AppError('unexpectedError', `no export kind ${name} in this gateway`);
    return kind(ctx, query);
  }
}
