import { Injectable } from '@nestjs/common';
import {
  AppError,
  FEED_CLOCK_TOLERANCE_MS,
  FEVER_CERTIFICATE_MAX_DAYS,
  FEVER_CERTIFICATE_SILENCE_MINUTES,
  holdsNul,
  knownTimeZone,
  shortLocale,
  type CallerContext,
  type FeverCertificateDto,
  type FieldErrorKey,
} from '@portal/contracts';
import { CERTIFICATE_FILE_PREFIX } from './certificate-labels';
import { renderCertificate } from './certificate-pdf';
import { CertificatesRepository } from './certificates.repository';
import { computeZoneFigures, overallVerdict } from './figures';

const DAY_MS = 86_400_000;

/** A FeverCertificateRequest, checked: what tracking sends for one of its orders. */
interface CertificateQuery {
  reference: string;
  depositorId: number;
  depositorCode: string;
  customerReference: string | null;
  platformId: number;
  store: string | null;
  from: Date;
  to: Date;
  provisional: boolean;
  locale: ReturnType<typeof shortLocale>;
  timeZone: string;
}

/**
 * Cold-chain certificates (issue 16 item 5): the readings of the zones an order's goods stayed in,
 * from reception to shipping, as a PDF. The zone is the one named by the order's store; an order
 * without a store is certified over every zone of its depositor on the platform (the worst verdict).
 */
@Injectable()
export class CertificatesService {
  constructor(private readonly repository: CertificatesRepository) {}

  async build(ctx: CallerContext, data: unknown): Promise<FeverCertificateDto> {
    const q = parseRequest(data);
    const stays = await this.repository.stays(ctx, q);
    if (!stays.length)
      throw new AppError('coldChainNoProbes', 'no zone with probes for this order', { platformId: q.platformId, store: q.store ?? '' });
    const from = q.from.getTime();
    const to = q.to.getTime();
    const zones = stays.map((s) => computeZoneFigures({ ...s, from, to }));
    const verdict = overallVerdict(zones);
    const pdf = await renderCertificate({
      ...q,
      from,
      to,
      zones,
      verdict,
      silenceMinutes: FEVER_CERTIFICATE_SILENCE_MINUTES,
      issuedAt: Date.now(),
    });
    return {
      name: `${CERTIFICATE_FILE_PREFIX[q.locale]}-${q.reference}.pdf`,
      pdfBase64: pdf.toString('base64'),
      zones: zones.map((z) => z.zone.code),
      verdict,
      provisional: q.provisional,
    };
  }
}

function parseRequest(data: unknown): CertificateQuery {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const fields: Record<string, FieldErrorKey> = {};
  const text = (key: string, max: number, required: boolean): string | null => {
    const v = d[key];
    if (v === undefined || v === null || v === '') {
      if (required) fields[key] = 'required';
      return null;
    }
    if (typeof v !== 'string' || holdsNul(v)) fields[key] = 'invalidFormat';
    else if (v.length > max) fields[key] = 'maxLength';
    else return v;
    return null;
  };
  const id = (key: string): number => {
    const v = d[key];
    if (!Number.isSafeInteger(v) || (v as number) < 1 || (v as number) > 2_147_483_647)
      fields[key] = v === undefined ? 'required' : 'integer';
    return v as number;
  };
  const instant = (key: string): Date => {
    const at = typeof d[key] === 'string' ? new Date(d[key]) : new Date(NaN);
    if (Number.isNaN(at.getTime())) fields[key] = d[key] === undefined ? 'required' : 'invalidFormat';
    return at;
  };
  const reference = text('reference', 64, true);
  const depositorCode = text('depositorCode', 50, false);
  const customerReference = text('customerReference', 64, false);
  const store = text('store', 50, false);
  const depositorId = id('depositorId');
  const platformId = id('platformId');
  let from = instant('from');
  const to = instant('to');
  if (!fields.to && to.getTime() > Date.now() + FEED_CLOCK_TOLERANCE_MS) fields.to = 'inFuture';
  if (!fields.from && !fields.to && from > to) fields.from = 'max';
  if (Object.keys(fields).length) throw new AppError('validationFailed', 'invalid certificate request', undefined, fields);
  // No reading is kept longer: a longer stay is certified over its last days.
  if (to.getTime() - from.getTime() > FEVER_CERTIFICATE_MAX_DAYS * DAY_MS)
    from = new Date(to.getTime() - FEVER_CERTIFICATE_MAX_DAYS * DAY_MS);
  return {
    reference: reference!,
    depositorId,
    depositorCode: depositorCode ?? String(depositorId),
    customerReference,
    platformId,
    store,
    from,
    to,
    provisional: d.provisional === true,
    locale: shortLocale(typeof d.locale === 'string' ? d.locale : null),
    timeZone: knownTimeZone(typeof d.timezone === 'string' ? d.timezone : 'Europe/Paris'),
  };
}
