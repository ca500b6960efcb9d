/** The channel by which the overview's links reach the grid. */
import { describe, expect, it } from 'vitest';
import { normaliseView, type InvoiceGridView } from '../../../../../renderer/features/invoices/view';
import { createViewChannel } from '../../../../../renderer/features/grid/view-channel';

describe('view channel', () => {
  it('hands an update to the grid, or keeps it until the grid listens', () => {
    const channel = createViewChannel<InvoiceGridView>();
    const seen: string[] = [];
    channel.send((view) => ({ ...view, currency: 'EUR' }));
    const stop = channel.listen((update) => seen.push(update(normaliseView(null)).currency ?? ''));
    expect(seen).toEqual(['EUR']);
    channel.send((view) => ({ ...view, currency: 'SEK' }));
    expect(seen).toEqual(['EUR', 'SEK']);
    stop();
    channel.send((view) => ({ ...view, currency: 'USD' }));
    expect(seen).toEqual(['EUR', 'SEK']);
    channel.listen((update) => seen.push(update(normaliseView(null)).currency ?? ''));
    expect(seen).toEqual(['EUR', 'SEK', 'USD']);
  });
});
