// What tests and benchmarks read back from the service: how many requests arrived, were served,
// were refused with 429, and the busiest 5 s any single token achieved.

import type { InvoiceEndpoint, SandboxCounters, SupplierInvoiceEndpoint } from './types';

export class Counters {
  private data: SandboxCounters = Counters.empty();

  private static empty(): SandboxCounters {
    return {
      requests: 0,
      served: 0,
      http429: 0,
      maxPer5sByToken: 0,
      byRoute: {},
      invoiceEndpoints: { list: 0, get: 0, preview: 0, print: 0 },
      supplierInvoiceEndpoints: { list: 0, get: 0 },
      tokenRequests: { authorization_code: 0, refresh_token: 0, client_credentials: 0 },
      invalidGrant: 0,
      refreshTokenReuse: 0,
    };
  }

  arrival(route: string, endpoint?: { invoice?: InvoiceEndpoint; supplierInvoice?: SupplierInvoiceEndpoint }): void {
    this.data.requests += 1;
    this.data.byRoute[route] = (this.data.byRoute[route] ?? 0) + 1;
    if (endpoint?.invoice) this.data.invoiceEndpoints[endpoint.invoice] += 1;
    if (endpoint?.supplierInvoice) this.data.supplierInvoiceEndpoints[endpoint.supplierInvoice] += 1;
  }

  responded(status: number): void {
    if (status === 429) this.data.http429 += 1;
    else this.data.served += 1;
  }

  tokenRequest(grant: keyof SandboxCounters['tokenRequests']): void {
    this.data.tokenRequests[grant] += 1;
  }

  invalidGrant(): void {
    this.data.invalidGrant += 1;
  }

  refreshTokenReuse(): void {
    this.data.refreshTokenReuse += 1;
  }

  peakPer5s(count: number): void {
    if (count > this.data.maxPer5sByToken) this.data.maxPer5sByToken = count;
  }

  /** A deep copy, so a caller cannot change the live counters. */
  snapshot(): SandboxCounters {
    return structuredClone(this.data);
  }

  reset(): void {
    this.data = Counters.empty();
  }
}
