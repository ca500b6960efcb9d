// The invoice as a PDF, laid out like a plain Swedish invoice: the title "Faktura {number}", the
// seller, the customer's name and address, dates, terms and references, one line per row
// (description, quantity, unit, price, discount, VAT %, total), Net, VAT per rate, RoundOff, the
// total to pay and the OCR. Amounts are written the Swedish way: "12 345,50" (a plain space
// between thousands, a decimal comma).

import type { CompanyProfile } from './data';
import type { InvoiceDocument } from './invoice-details';
import { PAGE_HEIGHT, PdfPage, pdfDocument, textWidth } from './pdf-writer';

const LEFT = 50;
const RIGHT = 545;

/** "12 345,50", "-1 250,00": Swedish grouping with a plain space, two decimals. */
export function formatAmount(value: number): string {
  const ore = Math.round(Math.abs(value) * 100);
  const kronor = String(Math.floor(ore / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const sign = value < 0 && ore !== 0 ? '-' : '';
  return `${sign}${kronor},${String(ore % 100).padStart(2, '0')}`;
}

/** "7,50" from the API's "7.50". */
function formatQuantity(quantity: string): string {
  return quantity.replace('.', ',');
}

/** Cuts a text with "…" so it fits `width` points. */
function fit(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Right edges of the number columns and the left edge of the unit column. */
const COLUMNS = { quantity: 318, unit: 324, price: 408, discount: 446, vat: 482, total: RIGHT } as const;

export function invoicePdf(doc: InvoiceDocument, seller: CompanyProfile): Buffer {
  const { invoice, amounts } = doc;
  const page = new PdfPage();
  let y = PAGE_HEIGHT - 60;

  // Title and seller.
  page.text(LEFT, y, `Faktura ${invoice.DocumentNumber}`, { size: 22, bold: true });
  if (invoice.Total < 0) page.text(LEFT, y - 18, 'Kreditfaktura', { size: 12, bold: true });
  page.textRight(RIGHT, y + 6, seller.name, { size: 11, bold: true });
  page.textRight(RIGHT, y - 8, seller.address, { size: 9 });
  page.textRight(RIGHT, y - 20, `${seller.zipCode} ${seller.city}`, { size: 9 });

  // The customer's address on the left, the invoice's facts on the right.
  y -= 80;
  const addressLines = [doc.Address1, doc.Address2, `${doc.ZipCode} ${doc.City}`, doc.Country].filter((line) => line !== '');
  page.text(LEFT, y + 14, 'Kund', { size: 8 });
  page.text(LEFT, y, fit(invoice.CustomerName, 250, 11), { size: 11, bold: true });
  addressLines.forEach((line, i) => page.text(LEFT, y - 14 * (i + 1), fit(line, 250, 10)));

  const facts: Array<[string, string]> = [
    ['Fakturanummer', invoice.DocumentNumber],
    ['Fakturadatum', invoice.InvoiceDate],
    ['Förfallodatum', invoice.DueDate],
    ['Betalningsvillkor', `${invoice.TermsOfPayment} dagar`],
    ['Kundnummer', invoice.CustomerNumber],
    ['Er referens', doc.YourReference],
    ['Vår referens', doc.OurReference],
    ['Ert ordernummer', doc.YourOrderNumber],
    ['OCR', invoice.OCR],
  ];
  if (invoice.Currency !== 'SEK') facts.push(['Valuta', `${invoice.Currency} (kurs ${invoice.CurrencyRate})`]);
  let factY = y + 14;
  for (const [label, value] of facts) {
    if (value === '') continue;
    page.text(330, factY, label, { size: 9, bold: true });
    page.text(430, factY, fit(value, RIGHT - 430, 9), { size: 9 });
    factY -= 13;
  }

  // The rows.
  y = Math.min(y - 14 * (addressLines.length + 2), factY - 16);
  const header = { size: 9, bold: true };
  page.text(LEFT, y, 'Benämning', header);
  page.textRight(COLUMNS.quantity, y, 'Antal', header);
  page.text(COLUMNS.unit, y, 'Enhet', header);
  page.textRight(COLUMNS.price, y, 'À-pris', header);
  page.textRight(COLUMNS.discount, y, 'Rabatt', header);
  page.textRight(COLUMNS.vat, y, 'Moms', header);
  page.textRight(COLUMNS.total, y, 'Belopp', header);
  page.line(LEFT, y - 5, RIGHT, y - 5);
  y -= 20;
  for (const row of amounts.rows) {
    page.text(LEFT, y, fit(row.Description, 225, 9), { size: 9 });
    page.textRight(COLUMNS.quantity, y, formatQuantity(row.DeliveredQuantity), { size: 9 });
    page.text(COLUMNS.unit, y, row.Unit, { size: 9 });
    page.textRight(COLUMNS.price, y, formatAmount(row.Price), { size: 9 });
    page.textRight(COLUMNS.discount, y, row.Discount === 0 ? '' : `${row.Discount} %`, { size: 9 });
    page.textRight(COLUMNS.vat, y, `${row.VAT} %`, { size: 9 });
    page.textRight(COLUMNS.total, y, formatAmount(row.Total), { size: 9 });
    y -= 15;
  }
  page.line(LEFT, y + 5, RIGHT, y + 5);

  // The sums.
  y -= 12;
  const sums: Array<[string, number]> = [
    ['Netto', amounts.net],
    ...amounts.vatByRate.map(({ rate, net, vat }): [string, number] => [`Moms ${rate} % (på ${formatAmount(net)})`, vat]),
    ['Öresavrundning', amounts.roundOff],
  ];
  for (const [label, value] of sums) {
    page.text(300, y, label, { size: 10 });
    page.textRight(RIGHT, y, formatAmount(value), { size: 10 });
    y -= 15;
  }
  page.line(300, y + 8, RIGHT, y + 8);
  y -= 8;
  page.text(300, y, `Att betala (${invoice.Currency})`, { size: 12, bold: true });
  page.textRight(RIGHT, y, formatAmount(invoice.Total), { size: 12, bold: true });

  if (doc.Remarks !== '') page.text(LEFT, y - 40, fit(doc.Remarks, RIGHT - LEFT, 10), { size: 10 });

  // Footer: how to pay, and who the seller is.
  page.line(LEFT, 95, RIGHT, 95);
  page.text(LEFT, 80, `Ange OCR-nummer ${invoice.OCR} vid betalning.`, { size: 9, bold: true });
  page.text(LEFT, 66, `${seller.name} · ${seller.address} · ${seller.zipCode} ${seller.city}`, { size: 8 });
  page.text(LEFT, 54, `Org.nr ${seller.organisationNumber} · Innehar F-skattsedel · Momsreg.nr SE${seller.organisationNumber.replace('-', '')}01`, { size: 8 });

  return pdfDocument([page], { title: `Faktura ${invoice.DocumentNumber}`, producer: 'Invoice Desk sandbox' });
}
