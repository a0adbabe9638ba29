import { attachment } from './files';

describe('attachment', () => {
  it('names a download, plain when the name is a token, quoted when it needs to be', () => {
    expect(attachment('orders-20261122.csv')).toBe('attachment; filename=orders-20261122.csv');
    expect(attachment('BL 3 "copie".pdf')).toBe('attachment; filename="BL 3 \\"copie\\".pdf"');
  });

  it('keeps a non-ASCII name in filename* with an ASCII fallback', () => {
    expect(attachment('Récépissé été.pdf')).toBe(
      `attachment; filename="R?c?piss? ?t?.pdf"; filename*=UTF-8''R%C3%A9c%C3%A9piss%C3%A9%20%C3%A9t%C3%A9.pdf`,
    );
  });

  it('never lets a name end the header or add a parameter', () => {
    expect(attachment('a\r\nSet-Cookie: x=1.pdf')).not.toMatch(/[\r\n]/);
    expect(attachment('x.pdf"; filename=evil.exe')).toBe('attachment; filename="x.pdf\\"; filename=evil.exe"');
  });
});
