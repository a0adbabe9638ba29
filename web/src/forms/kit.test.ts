import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { addressInput, formRules, shipmentInput } from '@portal/contracts';
import { SchemaField } from './kit';

const field = (rule: Parameters<typeof SchemaField>[0]['rule'], value: string | boolean = '') =>
  renderToStaticMarkup(createElement(SchemaField, { id: 'f', rule, label: 'Champ', value, onChange: () => undefined }));

describe('the form kit’s fields, shown as the server’s schema says', () => {
  const address = formRules(addressInput);
  const shipment = formRules(shipmentInput);

  it('a text keeps to its longest length and says when it must be given', () => {
    const html = field(address.address1);
    expect(html).toContain('maxLength="100"');
    expect(html).toMatch(/required=""/);
    expect(field(address.address2)).not.toMatch(/required=""/);
  });

  it('an amount asks for a decimal keyboard, a choice offers its values and an empty one when optional, a flag is a box', () => {
    expect(field(shipment.declared_amount)).toContain('inputMode="decimal"');
    expect(shipment.incoterm).toMatchObject({ kind: 'choice', required: false });
    expect(field(address.is_favorite, true)).toMatch(/type="checkbox"[^>]*checked=""/);
  });
});
