import { Injectable, Logger } from '@nestjs/common';
import { auditedWrite } from '@portal/bus';
import {
  AppError,
  DOCUMENT_TYPES,
  hasAnyRole,
  Role,
  type CallerContext,
  type DocumentFileDto,
  type DocumentType,
  type OrderDocumentFileDto,
  UPLOADABLE_DOCUMENT_TYPES,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import { DOCUMENT_ROWS } from '../common/audit';
import { FieldChecks } from '../common/checks';
import { OrdersRepository } from '../orders/orders.repository';
import { deliveryNotFound, orderId, OrdersService } from '../orders/orders.service';
import { renderDeliveryNote } from './delivery-note';
import { DocumentsRepository, type DocumentRow } from './documents.repository';
import { documentName, parseStoredFile } from './stored-file';

const documentNotFound = () => new AppError('documentNotFound', 'document not found');
const GENERATED: DocumentType[] = ['DELIVERY_NOTE'];

/** Documents and PODs of a delivery: download, add, delete (spec §6 rights: own or any, POD). */
@Injectable()
export class DocumentsService {
  private readonly logger = new Logger('TrackingDocuments');

  constructor(
    private readonly repository: DocumentsRepository,
    private readonly orders: OrdersRepository,
    private readonly ordersService: OrdersService,
    private readonly files: FileStorage,
  ) {}

  /** Where the gateway streams the file from; a delivery note is rendered on its first download. */
  async file(ctx: CallerContext, data: unknown): Promise<DocumentFileDto> {
    const { id, documentId } = ids(data);
    const doc = await this.repository.db.scoped(ctx, (em) => this.repository.find(em, ctx, id, documentId));
    if (!doc) throw documentNotFound();
    if (doc.storage_key) return storedFile(doc);
    if (!GENERATED.includes(doc.type)) throw documentNotFound(); // announced by the feed, file not received yet
    const pdf = await renderDeliveryNote(await this.ordersService.detail(ctx, { id }));
    const stored = await this.files.put(pdf, { folder: 'tracking/generated', maxBytes: 20 * 1024 * 1024, accept: ['application/pdf'] });
    await this.repository.db.scoped(ctx, (em) => this.repository.setFile(em, doc.id, stored));
    return { key: stored.key, name: documentName(doc.name, stored.contentType), contentType: stored.contentType };
  }

  /**
   * The files of an order's documents of these types, for the alerts service's My DOC mails (a
   * system caller): what `file` answers for each, those announced but not received left out.
   */
  async filesOfOrders(ctx: CallerContext, data: unknown): Promise<OrderDocumentFileDto[]> {
    const d = (data ?? {}) as Record<string, unknown>;
    const orderIds = Array.isArray(d.orderIds) ? d.orderIds.filter((i): i is number => Number.isSafeInteger(i) && i > 0).slice(0, 500) : [];
    const types = Array.isArray(d.types) ? DOCUMENT_TYPES.filter((t) => (d.types as unknown[]).includes(t)) : [];
    if (!orderIds.length || !types.length) return [];
    const docs = await this.repository.db.scoped(ctx, (em) => this.repository.ofOrders(em, ctx, orderIds, types));
    const files: OrderDocumentFileDto[] = [];
    for (const doc of docs) {
      if (!doc.storage_key && !GENERATED.includes(doc.type)) continue;
      const file = doc.storage_key ? storedFile(doc) : await this.file(ctx, { id: Number(doc.order_id), documentId: doc.id });
      files.push({ ...file, orderId: Number(doc.order_id), documentId: doc.id, type: doc.type });
    }
    return files;
  }

  /** USER_ADD_DOCUMENT: attaches a file the gateway stored; one POD per order at most. */
  async add(ctx: CallerContext, data: unknown): Promise<{ id: string }> {
    const c = new FieldChecks();
    const id = orderId(data);
    const d = data as Record<string, unknown>;
    const type = c.oneOf('type', d.type, UPLOADABLE_DOCUMENT_TYPES, true);
    const file = parseStoredFile(c, 'file', d.file);
    if (!c.ok || !type || !file) throw new AppError('validationFailed', 'invalid document', undefined, c.fields);
    return this.repository.db.scoped(ctx, async (em) => {
      const order = await this.orders.find(em, ctx, id);
      if (!order) throw deliveryNotFound();
      if (type === 'POD' && (await this.repository.hasPod(em, order.id)))
        throw new AppError('podAlreadyPresent', 'a POD is already present for this order');
      const added = await auditedWrite(em, ctx, DOCUMENT_ROWS, { written: (documentId: string) => [documentId] }, () =>
        this.repository.insert(em, order, type, file, ctx.user?.id ?? null),
      );
      return { id: added };
    });
  }

  /** Own documents need USER_DELETE_OWN_DOCUMENT or USER_DELETE_ANY_DOCUMENT, others' the latter, PODs USER_DELETE_POD. */
  async delete(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const { id, documentId } = ids(data);
    const keys = await this.repository.db.scoped(ctx, async (em) => {
      const doc = await this.repository.find(em, ctx, id, documentId);
      if (!doc) throw documentNotFound();
      checkDeleteRight(ctx, doc);
      return auditedWrite(em, ctx, DOCUMENT_ROWS, { ids: [doc.id] }, () => this.repository.delete(em, [doc.id]));
    });
    await this.removeFiles(keys);
    return { ok: true };
  }

  /** USER_DELETE_POD: removes the PODs of an order; none there is `nothingToRemove`. */
  async deletePods(ctx: CallerContext, data: unknown): Promise<{ removed: number }> {
    const id = orderId(data);
    const keys = await this.repository.db.scoped(ctx, async (em) => {
      const order = await this.orders.find(em, ctx, id);
      if (!order) throw deliveryNotFound();
      const pods = await this.repository.pods(em, ctx, [id]);
      if (!pods.length) throw new AppError('nothingToRemove', 'no POD to remove');
      const podIds = pods.map((p) => p.id);
      return auditedWrite(em, ctx, DOCUMENT_ROWS, { ids: podIds }, () => this.repository.delete(em, podIds));
    });
    await this.removeFiles(keys);
    return { removed: keys.length };
  }

  /** Files go after the commit: a failure leaves an orphan file, never a row without its file. */
  private async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) await this.files.delete(key).catch((e: unknown) => this.logger.warn(`file ${key} not deleted: ${String(e)}`));
  }
}

/** Names stored before they were cleaned on the way in are cleaned on the way out. */
function storedFile(doc: DocumentRow): DocumentFileDto {
  return {
    key: doc.storage_key ?? '',
    name: documentName(doc.name, doc.content_type),
    contentType: doc.content_type ?? 'application/octet-stream',
  };
}

function checkDeleteRight(ctx: CallerContext, doc: DocumentRow): void {
  if (doc.source !== 'user')
    throw new AppError('documentDeleteFailed', 'documents of the warehouse system are replaced by its feed, not deleted');
  const own = doc.created_by !== null && doc.created_by === ctx.user?.id;
  const needed =
    doc.type === 'POD'
      ? [Role.USER_DELETE_POD]
      : own
        ? [Role.USER_DELETE_OWN_DOCUMENT, Role.USER_DELETE_ANY_DOCUMENT]
        : [Role.USER_DELETE_ANY_DOCUMENT];
  if (!hasAnyRole(ctx.roles, needed)) throw new AppError('permissionDenied', 'permission denied');
}

function ids(data: unknown): { id: number; documentId: string } {
  const id = orderId(data);
  const documentId = String((data as Record<string, unknown>).documentId ?? '');
  return { id, documentId };
}
