import { describe, expect, it } from 'vitest';
import { parseInvoiceDocument } from '../../../electron/api/invoice-document';

const wire = {
  Invoice: {
    DocumentNumber: '42',
    CustomerName: 'Åkesson Bygg AB',
    Address1: 'Storgatan 1',
    ZipCode: '702 10',
    City: 'Örebro',
    InvoiceRows: [
      { ArticleNumber: 'A1', Description: 'Målning', DeliveredQuantity: '2.00', Unit: 'tim', Price: 500, VAT: 25, Total: 1000, Discount: 0, DiscountType: 'PERCENT' },
      { Description: 'Frakt', DeliveredQuantity: '1', Price: '99,50', VAT: '12', Total: '99.50' },
    ],
    Net: 1099.5,
    TotalVAT: '261.94',
    RoundOff: 0.56,
    Total: 1362,
    TotalToPay: null,
    Balance: 1362,
    FinalPayDate: null,
    Booked: true,
    SomethingNew: { a: 1 },
  },
};

describe('the single invoice', () => {
  it('reads rows and totals, numbers in strings and nulls included, and ignores unknown fields', () => {
    const doc = parseInvoiceDocument(wire);
    expect(doc.rows).toEqual([
      { articleNumber: 'A1', description: 'Målning', quantity: 2, unit: 'tim', price: 500, discount: 0, discountType: 'PERCENT', vat: 25, total: 1000 },
      { articleNumber: '', description: 'Frakt', quantity: 1, unit: '', price: 99.5, discount: 0, discountType: '', vat: 12, total: 99.5 },
    ]);
    expect(doc).toMatchObject({ documentNumber: '42', net: 1099.5, totalVat: 261.94, roundOff: 0.56, total: 1362, totalToPay: 1362, balance: 1362, finalPayDate: null });
    expect(doc.address).toEqual({ address1: 'Storgatan 1', address2: '', zipCode: '702 10', city: 'Örebro', country: '' });
  });

  it('reads its booleans as the list does: "TRUE", "1" and null too', () => {
    expect(parseInvoiceDocument({ Invoice: { ...wire.Invoice, Booked: 'TRUE', Cancelled: '0', Sent: '1' } })).toMatchObject({ booked: true, cancelled: false, sent: true });
    expect(parseInvoiceDocument({ Invoice: { ...wire.Invoice, Booked: null, Sent: 'false' } })).toMatchObject({ booked: false, sent: false });
  });

  it('refuses what would be silently wrong: no number, an amount that is not a number, no Invoice object', () => {
    expect(() => parseInvoiceDocument({ Invoice: { ...wire.Invoice, DocumentNumber: undefined } })).toThrow(/cannot read/);
    expect(() => parseInvoiceDocument({ Invoice: { ...wire.Invoice, Total: 'lots' } })).toThrow(/cannot read/);
    expect(() => parseInvoiceDocument({ Invoice: { ...wire.Invoice, InvoiceRows: [{ Total: 'x' }] } })).toThrow(/row 1/);
    expect(() => parseInvoiceDocument({ Invoices: [] })).toThrow(/no Invoice object/);
  });
});
