import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  AppError,
  FeverSubjects,
  type CallerContext,
  type ColdChainDocumentDto,
  type FeverCertificateDto,
  type FeverCertificateRequest,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import { DocumentsRepository } from '../documents/documents.repository';
import { documentName } from '../documents/stored-file';
import { deliveryNotFound, orderId } from '../orders/orders.service';
import { ColdChainRepository, type OrderStayRow } from './cold-chain.repository';

/** Fever renders a certificate in well under this; a stay of months reads ~100,000 readings. */
const FEVER_TIMEOUT_MS = 20_000;
const MAX_PDF_BYTES = 5 * 1024 * 1024;

/**
 * Cold-chain certificate of an order (issue 16 item 5): the stay on the platform is from the
 * reception (the order's creation when no reception is known) to the shipping; an order not yet
 * shipped is certified up to now, marked provisional. Fever reads its probes and answers the PDF,
 * stored as the order's COLD_CHAIN document, replacing the previous certificate. Nothing is stored
 * when fever cannot answer.
 */
@Injectable()
export class ColdChainService {
  private readonly logger = new Logger('TrackingColdChain');

  constructor(
    private readonly orders: ColdChainRepository,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStorage,
    private readonly bus: BusClient,
  ) {}

  async certify(ctx: CallerContext, data: unknown): Promise<ColdChainDocumentDto> {
    const order = await this.orders.stay(ctx, orderId(data));
    if (!order) throw deliveryNotFound();
    if (order.platform_id === null) throw new AppError('coldChainNoProbes', 'the order names no platform', { platformId: '', store: '' });
    const certificate = await this.askFever(ctx, certificateRequest(ctx, order, new Date()));
    const pdf = Buffer.from(certificate.pdfBase64, 'base64');
    const stored = await this.files.put(pdf, { folder: 'tracking/generated', maxBytes: MAX_PDF_BYTES, accept: ['application/pdf'] });
    const name = documentName(certificate.name, stored.contentType);
    let replaced: string[] = [];
    try {
      const documentId = await this.documents.db.scoped(ctx, async (em) => {
        await this.orders.lock(em, order.id);
        replaced = await this.documents.deleteGenerated(em, order.id, 'COLD_CHAIN');
        return this.documents.insert(em, order, 'COLD_CHAIN', { ...stored, name }, null, 'generated');
      });
      await this.removeFiles(replaced);
      return { documentId, name, verdict: certificate.verdict, provisional: certificate.provisional, zones: certificate.zones };
    } catch (e) {
      await this.removeFiles([stored.key]);
      throw e;
    }
  }

  /** Fever's refusals (no probes, a bad request) pass as they are; silence or failure is coldChainUnavailable. */
  private async askFever(ctx: CallerContext, request: FeverCertificateRequest): Promise<FeverCertificateDto> {
    try {
      return await this.bus.request<FeverCertificateDto>(FeverSubjects.certificate, ctx, request, FEVER_TIMEOUT_MS);
    } catch (e) {
      if (e instanceof AppError && e.status < 500) throw e;
      this.logger.warn(`fever did not answer the certificate of order ${request.orderId}: ${e instanceof Error ? e.message : String(e)}`);
      throw new AppError('coldChainUnavailable', 'the probes service did not answer');
    }
  }

  private async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) await this.files.delete(key).catch((e: unknown) => this.logger.warn(`file ${key} not deleted: ${String(e)}`));
  }
}

/** The stay: reception (else creation) to shipping (else now, provisional), in the caller's language and time zone. */
export function certificateRequest(ctx: CallerContext, order: OrderStayRow, now: Date): FeverCertificateRequest {
  const to = order.shipped_at ? new Date(order.shipped_at) : now;
  const received = new Date(order.received_at ?? order.created_at);
  const from = received > to ? to : received;
  return {
    orderId: Number(order.id),
    reference: order.reference,
    depositorId: order.depositor_id,
    depositorCode: order.depositor_code,
    customerReference: order.customer_reference,
    platformId: order.platform_id!,
    store: order.store_code,
    from: from.toISOString(),
    to: to.toISOString(),
    provisional: !order.shipped_at,
    locale: ctx.locale,
    timezone: ctx.timezone,
  };
}
