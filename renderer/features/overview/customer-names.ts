/**
 * Customers' names the window has seen beside their numbers (a customer followed from the register
 * to its invoices), so the grid's chip names the customer it narrows to, not only its number. The
 * overview's report names its top customers itself; this covers every other one.
 */
const names = new Map<string, string>();

export function rememberCustomerName(customerNumber: string, name: string): void {
  if (name !== '') names.set(customerNumber, name);
}

export function knownCustomerName(customerNumber: string): string | undefined {
  return names.get(customerNumber);
}
