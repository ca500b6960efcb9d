// The customer register's view rules (customer-columns.ts, from the registry): a register has no
// dates or currencies (a stored view's are dropped); it opens on who owes the most; without the
// copy the service gets its own sort (by name) and never "with overdue", which only the copy knows.
import { describe, expect, it } from 'vitest';
import { customerRegisterView } from '../../../../../renderer/features/customers/customer-columns';

const today = new Date(2026, 10, 27, 12);

describe('the customer register view', () => {
  it('opens on who owes the most, with the figures shown', () => {
    const view = customerRegisterView.normaliseView(null);
    expect([view.sortby, view.sortorder]).toEqual(['owed', 'descending']);
    expect(view.columns).toEqual(['customerNumber', 'name', 'owed', 'overdue', 'openInvoices', 'usuallyPaysDaysLate', 'lastInvoice']);
  });

  it('drops the date ranges and currency a stored view may hold', () => {
    const view = customerRegisterView.normaliseView({ limit: 50, columns: ['name'], dateRange: { preset: 'thisyear' }, dueRange: { preset: 'thismonth' }, currency: 'EUR', filter: 'active' });
    expect(view).not.toHaveProperty('dateRange');
    expect(view).not.toHaveProperty('dueRange');
    expect(view).not.toHaveProperty('currency');
    expect(customerRegisterView.toGridQuery(view, 1, today, 'local')).toEqual({ page: 1, limit: 50, filter: 'active' });
  });

  it('asks the service for its own sort and filters only, the copy for everything', () => {
    const view = { ...customerRegisterView.normaliseView(null), filter: 'withoverdue' as const, text: 'örebro' };
    expect(customerRegisterView.toGridQuery(view, 2, today, 'service')).toEqual({ page: 2, limit: 50, sortby: 'name', sortorder: 'ascending' });
    expect(customerRegisterView.toGridQuery(view, 2, today, 'local')).toEqual({ page: 2, limit: 50, sortby: 'owed', sortorder: 'descending', filter: 'withoverdue', text: 'örebro' });
    expect(customerRegisterView.toGridQuery({ ...view, filter: 'inactive' }, 1, today, 'service')).toMatchObject({ filter: 'inactive' });
  });
});
