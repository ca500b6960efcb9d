// Reads a PDF the way a viewer would, with PDF.js (pdfjs-dist's legacy build, which runs in Node),
// so a test checks what a person would see and not just the bytes the sandbox wrote.

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: number;
  /** Every text item of every page, in drawing order. */
  items: string[];
  title: string | undefined;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  // A copy: PDF.js may transfer (detach) the buffer it is given.
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const items: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item && item.str.trim() !== '') items.push(item.str);
    }
    const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
    return { pages: doc.numPages, items, title: info.Title };
  } finally {
    await doc.destroy();
  }
}

/** An amount as a Swedish reader writes it ("12 345,50", "-1 250,00"), from Intl, not the sandbox. */
export function swedishAmount(value: number): string {
  return new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(value)
    .replace(/\u00a0|\u202f/g, ' ')
    .replace('\u2212', '-');
}
