import type { AddressDto } from '@portal/contracts';

/** An address on one line, as a mail or a label prints it: street, postcode, town, country. */
export const addressLine = (a: Pick<AddressDto, 'address1' | 'address2' | 'zip' | 'town' | 'country'>): string =>
  [a.address1, a.address2, `${a.zip} ${a.town}`, a.country].filter(Boolean).join(', ');
