import type { Labels5 } from '@portal/contracts';

export type ColumnKind = 'text' | 'number' | 'day' | 'datetime';
export interface ExportColumn {
  /** Path in the row (`details.pallet` for nested values). */
  key: string;
  kind: ColumnKind;
  label: Labels5;
}

const c = (key: string, kind: ColumnKind, fr: string, en: string, es: string, it: string, de: string): ExportColumn => ({
  key,
  kind,
  label: { fr, en, es, it, de },
});

const QUANTITIES = [
  c('quantityInStock', 'number', 'Qté en stock', 'In stock', 'En stock', 'In giacenza', 'Bestand'),
  c('quantityReserved', 'number', 'Qté réservée', 'Reserved', 'Reservado', 'Riservato', 'Reserviert'),
  c('quantityBlocked', 'number', 'Qté bloquée', 'Blocked', 'Bloqueado', 'Bloccato', 'Gesperrt'),
  c('quantityAvailable', 'number', 'Qté disponible', 'Available', 'Disponible', 'Disponibile', 'Verfügbar'),
  c('quantityCrossDock', 'number', 'Qté cross-dock', 'Cross-dock', 'Cross-docking', 'Cross-docking', 'Cross-Docking'),
];
const DEPOSITOR = c('depositorCode', 'text', 'Déposant', 'Depositor', 'Depositante', 'Depositante', 'Einlagerer');
const PLATFORM = c('platformCode', 'text', 'Plateforme', 'Platform', 'Plataforma', 'Piattaforma', 'Plattform');
const REFERENCE = c('reference', 'text', 'Référence article', 'Item reference', 'Referencia', 'Codice articolo', 'Artikelnummer');
const LOT = c('lot', 'text', 'Lot', 'Lot', 'Lote', 'Lotto', 'Charge');
const BEST_BEFORE = c('bestBefore', 'day', 'DLUO', 'Best-before date', 'Fecha de consumo preferente', 'TMC', 'MHD');
const UNIT_PRICE = c('unitPrice', 'number', 'Prix unitaire', 'Unit price', 'Precio unitario', 'Prezzo unitario', 'Stückpreis');
const STOCK_VALUE = c('stockValue', 'number', 'Valeur du stock', 'Stock value', 'Valor del stock', 'Valore di magazzino', 'Bestandswert');

/** Tab Stock; the revenue columns only for callers whose rows carry them. */
export function stockLineColumns(revenue: boolean): ExportColumn[] {
  return [
    DEPOSITOR,
    PLATFORM,
    REFERENCE,
    c('label', 'text', 'Libellé', 'Label', 'Descripción', 'Descrizione', 'Bezeichnung'),
    c('barcode', 'text', 'Code-barres', 'Barcode', 'Código de barras', 'Codice a barre', 'Barcode'),
    c('family', 'text', 'Famille', 'Product family', 'Familia', 'Famiglia', 'Warengruppe'),
    LOT,
    BEST_BEFORE,
    c('expiry', 'text', 'Péremption', 'Expiry', 'Caducidad', 'Scadenza', 'Ablauf'),
    c('blockingCode', 'text', 'Code blocage', 'Blocking code', 'Código de bloqueo', 'Codice blocco', 'Sperrcode'),
    c('qualityLock', 'text', 'Blocage qualité', 'Quality lock', 'Bloqueo de calidad', 'Blocco qualità', 'Qualitätssperre'),
    c('storageUnit', 'text', 'Unité de stockage', 'Storage unit', 'Unidad de almacenaje', 'Unità di stoccaggio', 'Lagereinheit'),
    c('customerUnit', 'text', 'Unité client', 'Customer unit', 'Unidad cliente', 'Unità cliente', 'Kundeneinheit'),
    c('boxQuantity', 'number', 'Qté par boîte', 'Box quantity', 'Cantidad por caja', 'Quantità per scatola', 'Menge je Schachtel'),
    c('palletQuantity', 'number', 'Qté par palette', 'Pallet quantity', 'Cantidad por palé', 'Quantità per pallet', 'Menge je Palette'),
    c(
      'packagingQuantity',
      'number',
      'Qté par colis',
      'Packaging quantity',
      'Cantidad por embalaje',
      'Quantità per imballo',
      'Menge je Verpackung',
    ),
    c('entryDate', 'day', "Date d'entrée", 'Entry date', 'Fecha de entrada', 'Data di entrata', 'Eingangsdatum'),
    ...QUANTITIES,
    ...(revenue ? [UNIT_PRICE, STOCK_VALUE] : []),
  ];
}

/** Tab Id. */
export function stockByReferenceColumns(revenue: boolean): ExportColumn[] {
  return [
    DEPOSITOR,
    REFERENCE,
    c('label', 'text', 'Libellé', 'Label', 'Descripción', 'Descrizione', 'Bezeichnung'),
    c('platformCount', 'number', 'Plateformes', 'Platforms', 'Plataformas', 'Piattaforme', 'Plattformen'),
    BEST_BEFORE,
    ...QUANTITIES,
    ...(revenue ? [STOCK_VALUE] : []),
  ];
}

/** Tab Movements; the detail columns only with STOCK_MVT_DETAILS. */
export function movementColumns(details: boolean): ExportColumn[] {
  return [
    c('movedAt', 'datetime', 'Date', 'Date', 'Fecha', 'Data', 'Datum'),
    DEPOSITOR,
    PLATFORM,
    REFERENCE,
    c('type', 'text', 'Type de mouvement', 'Movement type', 'Tipo de movimiento', 'Tipo di movimento', 'Bewegungsart'),
    c('quantity', 'number', 'Quantité', 'Quantity', 'Cantidad', 'Quantità', 'Menge'),
    LOT,
    ...(details
      ? [
          c(
            'details.movementReference',
            'text',
            'Référence mouvement',
            'Movement reference',
            'Referencia del movimiento',
            'Riferimento movimento',
            'Bewegungsreferenz',
          ),
          c('details.storeCode', 'text', 'Magasin', 'Store', 'Almacén', 'Magazzino', 'Lagerort'),
          c('details.pallet', 'text', 'Palette', 'Pallet', 'Palé', 'Pallet', 'Palette'),
        ]
      : []),
  ];
}
