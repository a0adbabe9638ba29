import { BLOCKING_CODES, MOVEMENT_TYPES } from '@portal/contracts';
import type { FieldRule } from './line-check';

const quantity: FieldRule = { kind: 'int', min: 0 };
const optionalText = (max: number): FieldRule => ({ kind: 'text', max });

export const SNAPSHOT_LINE_RULES: Record<string, FieldRule> = {
  reference: { kind: 'text', max: 64, required: true },
  label: optionalText(255),
  barcode: optionalText(64),
  qualityLock: { kind: 'bool' },
  family: optionalText(64),
  boxQuantity: quantity,
  palletQuantity: quantity,
  packagingQuantity: quantity,
  storageUnit: optionalText(20),
  lot: optionalText(64),
  bestBefore: { kind: 'day' },
  customerUnit: optionalText(20),
  entryDate: { kind: 'day' },
  unitPrice: { kind: 'number', min: 0 },
  stockValue: { kind: 'number' },
  quantityInStock: { kind: 'int', min: 0, required: true },
  quantityReserved: quantity,
  quantityBlocked: quantity,
  quantityAvailable: quantity,
  quantityCrossDock: quantity,
  blockingCode: { kind: 'enum', values: BLOCKING_CODES },
  storeCode: optionalText(50),
};

export const MOVEMENT_RULES: Record<string, FieldRule> = {
  id: { kind: 'text', max: 64, required: true },
  depositorId: { kind: 'int', min: 1, required: true },
  platformId: { kind: 'int', min: 1, required: true },
  reference: { kind: 'text', max: 64, required: true },
  movedAt: { kind: 'instant', required: true, happened: true },
  type: { kind: 'enum', values: MOVEMENT_TYPES, required: true },
  quantity: { kind: 'int', required: true },
  lot: optionalText(64),
  bestBefore: { kind: 'day' },
  blockingCode: { kind: 'enum', values: BLOCKING_CODES },
  movementReference: optionalText(64),
  storeCode: optionalText(50),
  pallet: optionalText(64),
};

export const ITEM_RULES: Record<string, FieldRule> = {
  depositorId: { kind: 'int', min: 1, required: true },
  reference: { kind: 'text', max: 64, required: true },
  label: { kind: 'text', max: 255, required: true },
  barcode: optionalText(64),
  family1: optionalText(64),
  family2: optionalText(64),
  newProduct: { kind: 'bool' },
  qualityLock: { kind: 'bool' },
  lotRequiredOnEntry: { kind: 'bool' },
  lotControlOnExit: { kind: 'bool' },
  bestBeforeRequired: { kind: 'bool' },
  bestBeforeMonths: { kind: 'int', min: 0, max: 1200 },
  serialRequiredOnExit: { kind: 'bool' },
  // ADR: a UN number is 4 digits.
  unCode: { kind: 'text', max: 8, pattern: /^\d{4}$/ },
  hazardousName: optionalText(255),
  hazardClass: optionalText(16),
  netMassKg: { kind: 'number', min: 0 },
};

export const VARIANT_RULES: Record<string, FieldRule> = {
  enabled: { kind: 'bool' },
  label: optionalText(255),
  barcode: optionalText(64),
  quantity: { kind: 'int', min: 0 },
  lengthCm: { kind: 'number', min: 0 },
  widthCm: { kind: 'number', min: 0 },
  heightCm: { kind: 'number', min: 0 },
  weightKg: { kind: 'number', min: 0 },
};
