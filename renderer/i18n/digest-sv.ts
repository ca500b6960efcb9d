/** Swedish words of "Sedan sist" and the desktop notifications' settings (renderer/features/digest, settings). */
import { digestKindLabels, digestKinds } from '../../electron/common/digest';

const kinds = Object.fromEntries(digestKinds.map((kind) => [`digest.kind.${kind}`, digestKindLabels[kind].sv])) as Record<`digest.kind.${(typeof digestKinds)[number]}`, string>;

export const digestSv = {
  ...kinds,
  'tabs.digest': 'Sedan sist',
  'digest.title': 'Sedan du senast tittade',
  'digest.allTitle': 'Sedan du senast tittade, alla företag',
  'digest.markAll': 'Markera alla som sedda',
  'digest.empty': 'Inget nytt sedan du senast tittade.',
  'digest.waiting': 'Det som ändras visas här när företagets fakturor är lästa till den lokala kopian.',
  'digest.loading': 'Hämtar det som ändrats…',
  'digest.error': 'Det som ändrats kunde inte hämtas.',
  'digest.count': '{count} st',
  'digest.more': 'Visa {count} till',
  'digest.open': 'Öppna {number}',
  'digest.snoozeTomorrow': 'I morgon',
  'digest.snoozeMonday': 'Måndag',
  'digest.snoozeTomorrowLabel': 'Visa {number} igen i morgon',
  'digest.snoozeMondayLabel': 'Visa {number} igen på måndag',
  'digest.dismiss': 'Avfärda',
  'digest.dismissLabel': 'Avfärda {number}',
  'digest.paidAfter': 'kvar {amount}',
  'digest.unseen': '{count} nya sedan sist',
  'digest.region': 'Sedan sist',
  'settings.notifications': 'Skrivbordsnotiser',
  'settings.notifications.hint': 'Efter en synkronisering i bakgrunden: högst en notis per företag. Allt finns kvar under Sedan sist.',
  'settings.notify.payments': 'Betalningar',
  'settings.notify.overdue': 'Nya förfallna fakturor',
  'settings.notify.later': 'Senare än kunden brukar',
  'settings.notify.invoices': 'Nya, makulerade och borttagna fakturor',
  'settings.notify.bills': 'Leverantörsfakturor',
  'settings.notify.quietWeekends': 'Tyst på helger',
};
