/**
 * Every list tab of a company's workspace, by its list's id: the one table CompanyWorkspace and
 * the first page (first-page.ts) read. Each entry is its list's own (features/<list>/…-tab.ts);
 * a list whose description has a tab and no entry here is a type error (tab-entry.ts).
 */
import { customerTab } from '../customers/customer-tab';
import { invoiceTab } from '../invoices/invoice-tab';
import { supplierTab } from '../supplierinvoices/supplier-tab';
import { supplierRegisterTab } from '../suppliers/supplier-register-tab';
import type { TabEntry, TabListId } from './tab-entry';

export const listTabs: { readonly [R in TabListId]: TabEntry<R> } = {
  invoices: invoiceTab,
  supplierinvoices: supplierTab,
  customers: customerTab,
  suppliers: supplierRegisterTab,
};
