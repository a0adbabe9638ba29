import type { Labels5 } from '../tracking/labels';

const l = (fr: string, en: string, es: string, it: string, de: string): Labels5 => ({ fr, en, es, it, de });

/** Spec §3 blocking codes of a stock line. */
export const BLOCKING_CODES = ['AC', 'BL', 'BQ', 'CQ', 'DC', 'NC', 'NO', 'WE'] as const;
export type BlockingCode = (typeof BLOCKING_CODES)[number];

/** Labels of the blocking codes in the portal's five languages, in the words of warehouse staff. */
export const BLOCKING_CODE_LABELS: Record<BlockingCode, Labels5> = {
  AC: l('En attente de contrôle', 'Waiting for control', 'En espera de control', 'In attesa di controllo', 'Wartet auf Prüfung'),
  BL: l('Blocage logistique', 'Logistics block', 'Bloqueo logístico', 'Blocco logistico', 'Logistiksperre'),
  BQ: l('Blocage qualité', 'Quality block', 'Bloqueo de calidad', 'Blocco qualità', 'Qualitätssperre'),
  CQ: l('Contrôle qualité', 'Quality control', 'Control de calidad', 'Controllo qualità', 'Qualitätsprüfung'),
  DC: l('Demande client', 'Customer request', 'Solicitud del cliente', 'Richiesta cliente', 'Kundenwunsch'),
  NC: l('Non conforme', 'Non-compliant', 'No conforme', 'Non conforme', 'Nicht konform'),
  NO: l('Pas de blocage', 'No block', 'Sin bloqueo', 'Nessun blocco', 'Keine Sperre'),
  WE: l('Web', 'Web', 'Web', 'Web', 'Web'),
};

/** Spec §3 movement types ("lock or unlock" are two codes so a lock and its release can be told apart). */
export const MOVEMENT_TYPES = ['entry', 'exit', 'inventory', 'modification', 'lock', 'unlock', 'control_sampling'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

export const MOVEMENT_TYPE_LABELS: Record<MovementType, Labels5> = {
  entry: l('Entrée', 'Entry', 'Entrada', 'Entrata', 'Zugang'),
  exit: l('Sortie', 'Exit', 'Salida', 'Uscita', 'Abgang'),
  inventory: l('Inventaire', 'Inventory', 'Inventario', 'Inventario', 'Inventur'),
  modification: l('Modification', 'Modification', 'Modificación', 'Modifica', 'Änderung'),
  lock: l('Blocage', 'Lock', 'Bloqueo', 'Blocco', 'Sperre'),
  unlock: l('Déblocage', 'Unlock', 'Desbloqueo', 'Sblocco', 'Entsperrung'),
  control_sampling: l(
    'Prélèvement de contrôle',
    'Control sampling',
    'Muestreo de control',
    'Campionamento di controllo',
    'Prüfmusterentnahme',
  ),
};

/** The four packing levels of an item sheet (spec §3, item detail tabs). */
export const ITEM_VARIANT_KINDS = ['unit', 'box', 'carton', 'pallet'] as const;
export type ItemVariantKind = (typeof ITEM_VARIANT_KINDS)[number];

export const ITEM_VARIANT_LABELS: Record<ItemVariantKind, Labels5> = {
  unit: l('Unité', 'Unit', 'Unidad', 'Unità', 'Einheit'),
  box: l('Boîte', 'Box', 'Caja', 'Scatola', 'Schachtel'),
  carton: l('Carton', 'Carton', 'Cartón', 'Cartone', 'Karton'),
  pallet: l('Palette', 'Pallet', 'Palé', 'Pallet', 'Palette'),
};
