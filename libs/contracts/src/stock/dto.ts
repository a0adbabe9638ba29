import type { BlockingCode, ItemVariantKind, MovementType } from './codes';

/**
 * Best-before flag of a stock line: `expired` when the date is before today, `soon` when it falls
 * within STOCK_LIMITS.expirySoonDays (30) days from today, else null (today in the caller's time zone).
 */
export type ExpiryFlag = 'expired' | 'soon' | null;

/** The five quantities of a stock line (spec §3), in the line's storage unit. */
export interface StockQuantities {
  quantityInStock: number;
  quantityReserved: number;
  quantityBlocked: number;
  quantityAvailable: number;
  quantityCrossDock: number;
}

/** Tab Stock: one line per depositor, platform, reference, lot and blocking code. */
export interface StockLineDto extends StockQuantities {
  id: number;
  depositorId: number;
  depositorCode: string;
  platformId: number;
  /** The item sheet of this reference, when the warehouse sent one. */
  itemId: number | null;
  reference: string;
  label: string | null;
  barcode: string | null;
  qualityLock: boolean;
  family: string | null;
  boxQuantity: number | null;
  palletQuantity: number | null;
  packagingQuantity: number | null;
  storageUnit: string | null;
  lot: string | null;
  /** YYYY-MM-DD */
  bestBefore: string | null;
  expiry: ExpiryFlag;
  customerUnit: string | null;
  /** YYYY-MM-DD */
  entryDate: string | null;
  blockingCode: BlockingCode;
  /** Only with USER_VIEW_REVENUE_DATA (or ADMIN): absent otherwise. */
  unitPrice?: number | null;
  stockValue?: number | null;
}

/** Tab Id: one row per depositor and reference, quantities summed over platforms and lots. */
export interface StockByReferenceDto extends StockQuantities {
  /** `<depositorId>:<reference>` */
  id: string;
  depositorId: number;
  depositorCode: string;
  itemId: number | null;
  reference: string;
  label: string | null;
  barcode: string | null;
  family: string | null;
  platformCount: number;
  lineCount: number;
  /** Earliest best-before date over the lines (YYYY-MM-DD) and its flag. */
  bestBefore: string | null;
  expiry: ExpiryFlag;
  /** Only with USER_VIEW_REVENUE_DATA (or ADMIN). */
  stockValue?: number | null;
}

/** Tab Movements. `quantity` is signed: negative for what leaves the stock. */
export interface MovementDto {
  id: number;
  depositorId: number;
  depositorCode: string;
  platformId: number;
  reference: string;
  /** ISO 8601 instant */
  movedAt: string;
  type: MovementType;
  quantity: number;
  lot: string | null;
  bestBefore: string | null;
  blockingCode: BlockingCode | null;
  /** Only with STOCK_MVT_DETAILS (or ADMIN): absent otherwise. */
  details?: MovementDetailsDto;
}

export interface MovementDetailsDto {
  /** The movement's own reference (order, reception or inventory number). */
  movementReference: string | null;
  storeCode: string | null;
  pallet: string | null;
  /** The warehouse system's movement id. */
  wmsId: string;
}

/** One packing level of an item: sizes in cm, weight in kg. */
export interface ItemVariantDto {
  kind: ItemVariantKind;
  /** The variant flag: this packing level exists for the item. */
  enabled: boolean;
  label: string | null;
  barcode: string | null;
  /** Units in this packing level. */
  quantity: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  weightKg: number | null;
}

export interface ItemDto {
  id: number;
  depositorId: number;
  depositorCode: string;
  reference: string;
  label: string;
  barcode: string | null;
  family1: string | null;
  family2: string | null;
  newProduct: boolean;
  qualityLock: boolean;
  lotRequiredOnEntry: boolean;
  lotControlOnExit: boolean;
  bestBeforeRequired: boolean;
  bestBeforeMonths: number | null;
  serialRequiredOnExit: boolean;
  unCode: string | null;
  hazardousName: string | null;
  hazardClass: string | null;
  netMassKg: number | null;
  /** True when the item has a UN code. */
  hazardous: boolean;
  /** The four packing levels, unit, box, carton, pallet (on the item sheet; lists leave them out). */
  variants?: ItemVariantDto[];
}

/** The answer of every feed call: accepted lines and each refused line with its error key. */
export interface FeedResult {
  accepted: number;
  /** Movements already recorded with the same id and content (idempotent replays), counted in accepted. */
  duplicates?: number;
  refused: FeedRefusal[];
}

export interface FeedRefusal {
  /** 0-based index of the line in the batch. */
  line: number;
  key: string;
  field?: string;
}

/** Feed: the whole stock of one depositor on one platform, replacing the previous one atomically. */
export interface StockSnapshotInput {
  depositorId: number;
  platformId: number;
  /** ISO instant the warehouse took the snapshot; an older one than the last applied is refused. */
  takenAt?: string;
  lines: StockSnapshotLineInput[];
}

export interface StockSnapshotLineInput {
  reference: string;
  label?: string | null;
  barcode?: string | null;
  qualityLock?: boolean;
  family?: string | null;
  boxQuantity?: number | null;
  palletQuantity?: number | null;
  packagingQuantity?: number | null;
  storageUnit?: string | null;
  lot?: string | null;
  bestBefore?: string | null;
  customerUnit?: string | null;
  entryDate?: string | null;
  unitPrice?: number | null;
  stockValue?: number | null;
  quantityInStock: number;
  quantityReserved?: number;
  quantityBlocked?: number;
  quantityAvailable?: number;
  quantityCrossDock?: number;
  blockingCode?: BlockingCode;
  /** The store (magasin) holding the line: users limited to stores see only theirs. */
  storeCode?: string | null;
}

export interface MovementInput {
  /** The warehouse system's movement id: a replay with the same id is recorded once. */
  id: string;
  depositorId: number;
  platformId: number;
  reference: string;
  movedAt: string;
  type: MovementType;
  quantity: number;
  lot?: string | null;
  bestBefore?: string | null;
  blockingCode?: BlockingCode | null;
  movementReference?: string | null;
  storeCode?: string | null;
  pallet?: string | null;
}

export interface ItemInput {
  depositorId: number;
  reference: string;
  label: string;
  barcode?: string | null;
  family1?: string | null;
  family2?: string | null;
  newProduct?: boolean;
  qualityLock?: boolean;
  lotRequiredOnEntry?: boolean;
  lotControlOnExit?: boolean;
  bestBeforeRequired?: boolean;
  bestBeforeMonths?: number | null;
  serialRequiredOnExit?: boolean;
  unCode?: string | null;
  hazardousName?: string | null;
  hazardClass?: string | null;
  netMassKg?: number | null;
  variants?: Partial<Record<ItemVariantKind, Omit<ItemVariantDto, 'kind'>>>;
}
