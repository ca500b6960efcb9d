/** English words of "Since you last looked" and the desktop notifications' settings. */
import { digestKindLabels, digestKinds } from '../../electron/common/digest';
import type { digestSv } from './digest-sv';

const kinds = Object.fromEntries(digestKinds.map((kind) => [`digest.kind.${kind}`, digestKindLabels[kind].en])) as Record<`digest.kind.${(typeof digestKinds)[number]}`, string>;

export const digestEn: Record<keyof typeof digestSv, string> = {
  ...kinds,
  'tabs.digest': 'Since you looked',
  'digest.title': 'Since you last looked',
  'digest.allTitle': 'Since you last looked, all companies',
  'digest.markAll': 'Mark all as seen',
  'digest.empty': 'Nothing new since you last looked.',
  'digest.waiting': 'What changes shows here once the company\'s invoices are read into the local copy.',
  'digest.loading': 'Reading what changed…',
  'digest.error': 'What changed could not be read.',
  'digest.count': '{count}',
  'digest.more': 'Show {count} more',
  'digest.open': 'Open {number}',
  'digest.snoozeTomorrow': 'Tomorrow',
  'digest.snoozeMonday': 'Monday',
  'digest.snoozeTomorrowLabel': 'Show {number} again tomorrow',
  'digest.snoozeMondayLabel': 'Show {number} again on Monday',
  'digest.dismiss': 'Dismiss',
  'digest.dismissLabel': 'Dismiss {number}',
  'digest.paidAfter': '{amount} left',
  'digest.unseen': '{count} new since you last looked',
  'digest.region': 'Since you last looked',
  'settings.notifications': 'Desktop notifications',
  'settings.notifications.hint': 'After a background sync: at most one per company. Everything stays under Since you looked.',
  'settings.notify.payments': 'Payments',
  'settings.notify.overdue': 'Newly overdue invoices',
  'settings.notify.later': 'Later than the customer usually pays',
  'settings.notify.invoices': 'New, cancelled and removed invoices',
  'settings.notify.bills': 'Supplier invoices',
  'settings.notify.quietWeekends': 'Quiet on weekends',
};
