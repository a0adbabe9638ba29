import type { Labels5 } from '@portal/contracts';
import type { ExportColumn } from '../stock/export-columns';

const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });

/** The export as the mail names it. */
export const CLAIMS_EXPORT_TITLE = l('Réclamations', 'Claims', 'Reclamaciones', 'Reclami', 'Reklamationen');

/** The claims list as exported, in the user's language (codes of status, kind and reason as the API gives them). */
export const CLAIMS_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'reference', kind: 'text', label: l('Réclamation', 'Claim', 'Reclamación', 'Reclamo', 'Reklamation') },
  { key: 'depositor_code', kind: 'text', label: l('Déposant', 'Depositor', 'Depositante', 'Depositante', 'Einlagerer') },
  { key: 'status', kind: 'text', label: l('Statut', 'Status', 'Estado', 'Stato', 'Status') },
  { key: 'delivery_reference', kind: 'text', label: l('Livraison', 'Delivery', 'Entrega', 'Consegna', 'Lieferung') },
  { key: 'order_reference', kind: 'text', label: l('Commande', 'Order', 'Pedido', 'Ordine', 'Auftrag') },
  {
    key: 'customer_claim_number',
    kind: 'text',
    label: l('N° réclamation client', 'Customer claim number', 'N.º reclamación cliente', 'N. reclamo cliente', 'Kunden-Reklamationsnr.'),
  },
  { key: 'kind', kind: 'text', label: l('Type', 'Kind', 'Tipo', 'Tipo', 'Art') },
  { key: 'reason', kind: 'text', label: l('Motif', 'Reason', 'Motivo', 'Motivo', 'Grund') },
  { key: 'line_count', kind: 'number', label: l('Lignes', 'Lines', 'Líneas', 'Righe', 'Positionen') },
  { key: 'final_customer', kind: 'text', label: l('Client final', 'Final customer', 'Cliente final', 'Cliente finale', 'Endkunde') },
  { key: 'attributable', kind: 'text', label: l('Imputable', 'Attributable', 'Imputable', 'Imputabile', 'Zurechenbar') },
  { key: 'notifiable', kind: 'text', label: l('Notifiable', 'Notifiable', 'Notificable', 'Notificabile', 'Meldepflichtig') },
  { key: 'creator', kind: 'text', label: l('Créée par', 'Created by', 'Creada por', 'Creato da', 'Erstellt von') },
  { key: 'created_at', kind: 'datetime', label: l('Créée le', 'Created on', 'Creada el', 'Creato il', 'Erstellt am') },
  { key: 'sent_at', kind: 'datetime', label: l('Envoyée le', 'Sent on', 'Enviada el', 'Inviato il', 'Gesendet am') },
  { key: 'processed_at', kind: 'datetime', label: l('Traitée le', 'Processed on', 'Tramitada el', 'Gestito il', 'Bearbeitet am') },
  { key: 'closed_at', kind: 'datetime', label: l('Clôturée le', 'Closed on', 'Cerrada el', 'Chiuso il', 'Abgeschlossen am') },
];
