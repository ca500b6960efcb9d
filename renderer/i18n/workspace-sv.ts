/** Swedish words of a company's workspace around its grids: the overview tab, the headline strip above the tabs, the status bar. */
export const workspaceSv = {
  'tabs.overview': 'Översikt',
  'headline.label': 'Nyckeltal, {currency}',
  'headline.owed': 'Obetalt',
  'headline.overdue': 'Förfallet',
  'headline.toPay': 'Att betala',
  'headline.lowestWeek': 'Lägsta vecka',
  'headline.lowestWeekValue': '{week}: {amount}',
  'headline.lowestWeekHint': 'Veckan med lägst netto (in − ut) de kommande 12 veckorna: visa veckans leverantörsfakturor i listan',
  'headline.lowestWeekInHint': 'Veckan med lägst netto (in − ut) de kommande 12 veckorna: visa veckans kundfakturor i listan',
  'headline.waiting': 'Nyckeltalen visas när den lokala kopian är klar.',
  'headline.off': 'Nyckeltalen räknas fram på den lokala kopian, som är avstängd i Inställningar.',
  'overview.waiting': 'Översikten räknas fram på den lokala kopian och visas när den är klar. Fakturorna finns redan under Kundfakturor och Leverantörsfakturor.',
  'overview.off': 'Översikten räknas fram på den lokala kopian, som är avstängd i Inställningar. Fakturorna finns under Kundfakturor och Leverantörsfakturor.',
  'grid.clearSearch': 'Rensa sökning',
  'status.syncing': '{company}: {progress}',
} as const;
