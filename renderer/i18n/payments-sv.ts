/** Swedish words of the payments (renderer/features/payments): an invoice's payments in its details panel. */

export const paymentsSv = {
  'payments.title': 'Betalningar',
  'payments.none': 'Inga betalningar registrerade.',
  'payments.noScope': 'Betalningarna visas när företaget har godkänt åtkomst till betalningar (anslut igen).',
  'payments.error': 'Betalningarna kunde inte läsas just nu.',
  'payments.noDate': 'utan datum',
  'payments.col.date': 'Datum',
  'payments.col.amount': 'Belopp',
  'payments.col.source': 'Sätt',
  'payments.col.booked': 'Bokförd',
  'payments.source.manual': 'Manuell',
  'payments.source.direct': 'Direkt',
} as const;
