import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient, TrackingWordsCache } from '@portal/bus';
import {
  ALERT_DOCUMENT_SOURCES,
  ALERT_LIMITS,
  fillAlertSubject,
  formatDate,
  publicTrackingUrl,
  shortLocale,
  systemContext,
  TRACER_EVENT_TYPE_LABELS,
  trackingWord,
  TrackingSubjects,
  type AlertDocumentType,
  type OrderDocumentFileDto,
  type ProbeSilentEvent,
  type PublicTrackingLinkDto,
  type ShortLocale,
  type TrackingWords,
} from '@portal/contracts';
import type { MailAttachment, MailMessage } from '@portal/mail';
import { DepositorLabels } from './depositor-labels';
import type { AlertRow, Occurrence } from './matching';
import { ALERT_TEMPLATES, AlertTemplates, type AlertTemplateCode } from './templates';

/** An order as a mail lists it, with what happened to it (the status or event that made it listed). */
export interface MailOrder {
  orderId: number;
  depositorId: number;
  depositorCode: string;
  reference: string;
  orderReference: string | null;
  customerReference: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  occurrence: Occurrence | null;
}

/** What an alert mails about: orders (of the alert's depositors only), a period, a probe, an SLA breach. */
export interface AlertDelivery {
  alert: AlertRow;
  orders: MailOrder[];
  period?: { from: Date; to: Date };
  probe?: ProbeSilentEvent;
  sla?: { cutoff?: string; tour?: string | null; promisedAt?: Date | null };
  /** How many orders matched when `orders` holds only the first ones (a digest's limit). */
  total?: number;
  /** Only these addresses (a test sent to its caller alone); no final recipient then. */
  only?: string[];
}

/** A mail ready for the outbox, with what the alert's history shows of it. */
export interface AlertMail extends MailMessage {
  template: AlertTemplateCode;
  orderCount: number;
}

/** How long a mail waits for the orders' tracking links before it goes without them. */
const LINKS_TIMEOUT_MS = 2000;

/** The portal's public address, which the recipients' tracking links are on. */
const portalPublicUrl = (): string => process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * Writes an alert's mails (spec §3, §5): one per recipient (the alert's, and its owner when
 * copy-to-self), from the admin template of its kind in the owner's language, the custom subject
 * with its placeholders filled when there is one; and, for VIP Premium, one public mail per order
 * to that order's final recipient with that order alone. My DOC attaches the orders' documents.
 * Each order carries its recipient's public tracking link (`trackingUrl`) while it is visible.
 */
@Injectable()
export class AlertComposer {
  private readonly logger = new Logger('AlertComposer');

  constructor(
    @Inject(AlertTemplates) private readonly templates: AlertTemplates,
    @Inject(DepositorLabels) private readonly depositors: DepositorLabels,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(TrackingWordsCache) private readonly words: TrackingWordsCache,
  ) {}

  async compose(d: AlertDelivery): Promise<AlertMail[]> {
    const { alert } = d;
    // The scope rule of a mail: an order of a depositor the alert does not name is never listed.
    const orders = d.orders.filter((o) => alert.depositor_ids.includes(o.depositorId));
    const lang = shortLocale(alert.locale);
    const labels = await this.depositors.of([...alert.depositor_ids, ...orders.map((o) => o.depositorId)]);
    const listed = orders.slice(0, ALERT_LIMITS.digestOrders);
    const files = alert.kind === 'DOC' ? await this.documentFiles(alert, listed) : [];
    const links = await this.trackingLinks(alert, listed);
    const words = await this.words.get();
    const attached = files.slice(0, ALERT_LIMITS.attachments);
    const row = (o: MailOrder) => ({
      depositor: labels.get(o.depositorId) ?? o.depositorCode,
      reference: o.reference,
      orderReference: o.orderReference ?? '',
      customerReference: o.customerReference ?? '',
      what: o.occurrence ? occurrenceLabel(o.occurrence, lang, words) : '',
      at: o.occurrence ? formatDate(o.occurrence.at, alert.timezone, true) : '',
      trackingUrl: links.get(o.orderId) ?? '',
    });
    const when = (at: Date | null | undefined) => (at ? formatDate(at, alert.timezone, true) : '');
    const vars = {
      alertTitle: alert.title,
      comment: alert.show_comment ? alert.comment : null,
      depositors: alert.depositor_ids.map((id) => labels.get(id) ?? String(id)).join(', '),
      orders: listed.map(row),
      moreOrders: Math.max(d.total ?? orders.length, orders.length) - listed.length,
      period: d.period ? { from: when(d.period.from), to: when(d.period.to) } : null,
      attachments: attached.map((f) => ({ filename: f.name })),
      unattached: files
        .slice(attached.length)
        .map((f) => ({ filename: f.name, reference: listed.find((o) => o.orderId === f.orderId)?.reference ?? '' })),
      probe: d.probe ? { ...d.probe, lastReadingAt: d.probe.lastReadingAt ? when(new Date(d.probe.lastReadingAt)) : null } : null,
      cutoff: d.sla?.cutoff ?? null,
      tour: d.sla?.tour ?? null,
      promisedAt: when(d.sla?.promisedAt),
    };
    const code = ALERT_TEMPLATES[alert.kind];
    const rendered = await this.templates.render(code, alert.locale, vars);
    const first = orders.length === 1 ? orders[0] : undefined;
    const subject = alert.subject
      ? fillAlertSubject(alert.subject, {
          alertName: alert.title,
          orderReference: first?.orderReference,
          deliveryNoteReference: first?.reference,
          customerOrderReference: first?.customerReference,
          depositorLabel: first ? (labels.get(first.depositorId) ?? first.depositorCode) : vars.depositors,
        })
      : rendered.subject;
    const attachments = attached.map(attachmentOf);
    const mails: AlertMail[] = recipientsOf(d).map((to) => ({
      to,
      subject,
      html: rendered.html,
      text: rendered.text,
      attachments,
      template: code,
      orderCount: Math.max(d.total ?? orders.length, orders.length),
    }));
    if (!d.only && alert.inform_final_recipient && (alert.kind === 'VIP' || alert.kind === 'DOC')) {
      for (const o of listed.filter((x) => x.recipientEmail)) mails.push(await this.toFinalRecipient(alert, o, row(o), files));
    }
    return mails;
  }

  /** The public mail of one order to its final recipient: that order's data and documents only. */
  private async toFinalRecipient(
    alert: AlertRow,
    o: MailOrder,
    order: Record<string, string>,
    files: OrderDocumentFileDto[],
  ): Promise<AlertMail> {
    const own = files.filter((f) => f.orderId === o.orderId).slice(0, ALERT_LIMITS.attachments);
    const vars = {
      recipientName: o.recipientName ?? '',
      order: {
        reference: order.reference,
        customerReference: order.customerReference,
        what: order.what,
        at: order.at,
        trackingUrl: order.trackingUrl,
      },
      attachments: own.map((f) => ({ filename: f.name })),
    };
    const rendered = await this.templates.render(ALERT_TEMPLATES.RECIPIENT, alert.locale, vars);
    return { to: o.recipientEmail!, ...rendered, attachments: own.map(attachmentOf), template: ALERT_TEMPLATES.RECIPIENT, orderCount: 1 };
  }

  /**
   * The recipients' public tracking pages of the listed orders (issue 35 item 3), for those still
   * visible, asked of tracking as a system caller. A mail is not held back for them: without an
   * answer in LINKS_TIMEOUT_MS it goes without the links.
   */
  private async trackingLinks(alert: AlertRow, orders: MailOrder[]): Promise<Map<number, string>> {
    if (!orders.length) return new Map();
    try {
      const links = await this.bus.request<PublicTrackingLinkDto[]>(
        TrackingSubjects.publicTrackingLinks,
        systemContext(`alert-links:${alert.id}`),
        { orderIds: orders.map((o) => o.orderId) },
        LINKS_TIMEOUT_MS,
      );
      const base = portalPublicUrl();
      return new Map(links.map((l) => [l.orderId, publicTrackingUrl(base, l.token)]));
    } catch (e) {
      this.logger.warn(`alert ${alert.id}: tracking links not read (${e instanceof Error ? e.message : String(e)}), mailed without them`);
      return new Map();
    }
  }

  /** The files of the orders' documents of the alert's types, asked of tracking as a system caller. */
  private async documentFiles(alert: AlertRow, orders: MailOrder[]): Promise<OrderDocumentFileDto[]> {
    if (!orders.length) return [];
    const types = alert.document_types.flatMap((t) => ALERT_DOCUMENT_SOURCES[t as AlertDocumentType] ?? []);
    const files = await this.bus.request<OrderDocumentFileDto[]>(
      TrackingSubjects.orderDocumentFiles,
      systemContext(`alert-doc:${alert.id}`),
      {
        orderIds: orders.map((o) => o.orderId),
        types,
      },
    );
    const rank = new Map(orders.map((o, i) => [o.orderId, i]));
    return files.filter((f) => rank.has(f.orderId)).sort((a, b) => rank.get(a.orderId)! - rank.get(b.orderId)!);
  }
}

function recipientsOf(d: AlertDelivery): string[] {
  const all = d.only ?? [
    ...d.alert.recipients.map((r) => r.email),
    ...(d.alert.copy_to_self && d.alert.owner_email ? [d.alert.owner_email] : []),
  ];
  const seen = new Set<string>();
  return all.filter((to) => {
    const key = to.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const attachmentOf = (f: OrderDocumentFileDto): MailAttachment => ({ filename: f.name, contentType: f.contentType, storageKey: f.key });

/**
 * What happened, in the provider's words (« Traductions du suivi ») else the catalogue's: a tracking
 * status, or a Tracer Route event, else a Tracer Route status of that code.
 */
function occurrenceLabel(o: Occurrence, lang: ShortLocale, words: TrackingWords): string {
  if (o.kind === 'STATUS') return trackingWord(words, 'trackingStatus', o.code, lang);
  const isEvent = o.code in TRACER_EVENT_TYPE_LABELS || words.tracerEvent?.[o.code] !== undefined;
  return trackingWord(words, isEvent ? 'tracerEvent' : 'tracerStatus', o.code, lang);
}
