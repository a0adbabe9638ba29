import { Inject, Injectable } from '@nestjs/common';
import type { CallerContext, DocumentType, StoredFileRef } from '@portal/contracts';
import { applyScope, Db, rowsOf } from '@portal/db';
import { ORDER_SCOPE } from '../common/order-scope';
import type { EntityManager } from 'typeorm';

export interface DocumentRow {
  id: string;
  order_id: string;
  depositor_id: number;
  type: DocumentType;
  name: string;
  content_type: string | null;
  size: number | null;
  storage_key: string | null;
  source: 'feed' | 'user' | 'generated';
  created_by: number | null;
  reference: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Documents and PODs of orders, always read through the order's scope. */
@Injectable()
export class DocumentsRepository {
  constructor(@Inject(Db) readonly db: Db) {}

  /** A document of a visible order, or undefined (unknown, foreign, or not of this order). */
  async find(em: EntityManager, ctx: CallerContext, orderId: number, documentId: string): Promise<DocumentRow | undefined> {
    if (!UUID.test(documentId)) return undefined;
    const qb = em
      .createQueryBuilder()
      .select('d.*, o.reference')
      .from('documents', 'd')
      .innerJoin('orders', 'o', 'o.id = d.order_id AND o.hidden_at IS NULL')
      .where('d.id = :documentId AND d.order_id = :orderId', { documentId, orderId });
    applyScope(qb, ctx, ORDER_SCOPE);
    return qb.getRawOne<DocumentRow>();
  }

  async hasPod(em: EntityManager, orderId: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM documents WHERE order_id = $1 AND type = 'POD' LIMIT 1`, [orderId]);
    return rows.length > 0;
  }

  /** A user's upload (`user`), or a document the portal generated (`generated`: no author, replaced rather than deleted). */
  async insert(
    em: EntityManager,
    order: { id: string },
    type: DocumentType,
    file: StoredFileRef,
    userId: number | null,
    source: 'user' | 'generated' = 'user',
  ): Promise<string> {
    const [row]: { id: string }[] = await em.query(
      `INSERT INTO documents (order_id, depositor_id, type, name, content_type, size, storage_key, source, created_by)
       SELECT id, depositor_id, $2, $3, $4, $5, $6, $8, $7 FROM orders WHERE id = $1 RETURNING id`,
      [order.id, type, file.name, file.contentType, file.size, file.key, userId, source],
    );
    return row.id;
  }

  /** Removes the generated documents of a type of an order (a newer one replaces them); answers their files. */
  async deleteGenerated(em: EntityManager, orderId: string, type: DocumentType): Promise<string[]> {
    const rows = rowsOf<{ storage_key: string | null }>(
      await em.query(`DELETE FROM documents WHERE order_id = $1 AND type = $2 AND source = 'generated' RETURNING storage_key`, [
        orderId,
        type,
      ]),
    );
    return rows.map((r) => r.storage_key).filter((k): k is string => !!k);
  }

  async setFile(em: EntityManager, documentId: string, file: { key: string; contentType: string; size: number }): Promise<void> {
    await em.query(`UPDATE documents SET storage_key = $2, content_type = $3, size = $4 WHERE id = $1`, [
      documentId,
      file.key,
      file.contentType,
      file.size,
    ]);
  }

  async delete(em: EntityManager, ids: string[]): Promise<string[]> {
    const rows = rowsOf<{ storage_key: string | null }>(
      await em.query(`DELETE FROM documents WHERE id = ANY($1::uuid[]) RETURNING storage_key`, [ids]),
    );
    return rows.map((r) => r.storage_key).filter((k): k is string => !!k);
  }

  /** The PODs of these orders that the caller may see. */
  pods(em: EntityManager, ctx: CallerContext, orderIds: number[]): Promise<DocumentRow[]> {
    return this.ofOrders(em, ctx, orderIds, ['POD']);
  }

  /** The documents of these types of these orders that the caller may see. */
  ofOrders(em: EntityManager, ctx: CallerContext, orderIds: number[], types: DocumentType[]): Promise<DocumentRow[]> {
    const qb = em
      .createQueryBuilder()
      .select('d.*, o.reference')
      .from('documents', 'd')
      .innerJoin('orders', 'o', 'o.id = d.order_id AND o.hidden_at IS NULL')
      .where(`d.type IN (:...types) AND d.order_id IN (:...orderIds)`, { orderIds, types })
      .orderBy('o.reference')
      .addOrderBy('d.created_at');
    applyScope(qb, ctx, ORDER_SCOPE);
    return qb.getRawMany<DocumentRow>();
  }
}
