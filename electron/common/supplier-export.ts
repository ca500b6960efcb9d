/** The supplier grid's columns (and the CSV's, in the same ids). Pure data. */
export const supplierExportColumnIds = [
  'givenNumber',
  'supplierNumber',
  'supplierName',
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'total',
  'balance',
  'currency',
  'status',
  'ocr',
  'booked',
  'finalPayDate',
  'authorizerName',
  'project',
  'costCenter',
] as const;
export type SupplierExportColumnId = (typeof supplierExportColumnIds)[number];
