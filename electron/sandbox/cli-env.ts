// `npm run -s sandbox -- --env`: the lines a second terminal needs to point the CLI (export,
// report) at this sandbox, so a newcomer never maps JSON fields to variables by hand. Every line is
// valid sh: the settings as `export` lines, everything else as comments.

export interface EnvInfo {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  companies: ReadonlyArray<{ tenantId: string; name: string; invoices: number; licensed: boolean }>;
}

/** Single-quoted for sh: safe whatever the value holds. */
const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

export function envLines(info: EnvInfo): string {
  const licensed = info.companies.find((company) => company.licensed && company.invoices > 0);
  const lines = [
    '# Invoice Desk sandbox: paste these lines into a second terminal (this one keeps it running; Ctrl+C stops it).',
    `export INVOICE_DESK_AUTH_URL=${quote(info.authUrl)}`,
    `export INVOICE_DESK_API_URL=${quote(info.apiUrl)}`,
    `export INVOICE_DESK_CLIENT_ID=${quote(info.clientId)}`,
    `export INVOICE_DESK_CLIENT_SECRET=${quote(info.clientSecret)}`,
    '# Demo tenants (--tenant):',
    ...info.companies.map((company) => `#   ${company.tenantId}  ${company.name}, ${company.invoices} invoices${company.licensed ? '' : ' (no licence: the service refuses it)'}`),
  ];
  if (licensed) {
    lines.push(
      '# Then, for example:',
      `#   npm run -s export -- --tenant ${licensed.tenantId} --out invoices.csv`,
      `#   npm run -s report -- --tenant ${licensed.tenantId} --mirror copies`,
    );
  }
  return `${lines.join('\n')}\n`;
}
