// The HTML of the sandbox's sign-in and consent page and of its error page. Plain HTML with inline
// CSS and no script; every control has a <label> so the page is usable with a screen reader and
// addressable by accessible name in browser tests ("Approve", "Deny", the company names).

import { escapeHtml } from './http';
import { SCOPE_DESCRIPTIONS } from './scopes';

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 40rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px;
         box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  .badge { display: inline-block; background: #b45309; color: #fff; font-weight: 700; letter-spacing: .05em;
           padding: .1rem .6rem; border-radius: 4px; text-transform: uppercase; }
  h1 { font-size: 1.4rem; margin: .5rem 0 1rem; }
  h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
  fieldset { border: 1px solid #d1d5db; border-radius: 6px; margin: 1rem 0; padding: .5rem 1rem 1rem; }
  legend { font-weight: 600; padding: 0 .25rem; }
  .field { display: flex; flex-direction: column; margin: .5rem 0; }
  input[type=email], input[type=password] { font: inherit; padding: .4rem; border: 1px solid #9ca3af; border-radius: 4px; }
  .choice { margin: .35rem 0; }
  .hint { color: #4b5563; font-size: .9rem; }
  code { background: #f3f4f6; padding: 0 .25rem; border-radius: 3px; }
  .buttons { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .5rem 1.5rem; border-radius: 6px; border: 1px solid #374151; cursor: pointer; }
  button[value=approve] { background: #1d4ed8; color: #fff; border-color: #1d4ed8; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .error { border-left: 4px solid #b91c1c; padding-left: 1rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
<p class="badge">Sandbox</p>
${body}
</main></body></html>`;
}

export interface ConsentPageInput {
  requestId: string;
  formAction: string;
  clientId: string;
  scopes: readonly string[];
  companies: ReadonlyArray<{ tenantId: string; name: string; licensed: boolean }>;
  redirectUri: string;
  serviceAccount: boolean;
}

export function renderConsentPage(input: ConsentPageInput): string {
  const preselected = input.companies.find((company) => company.licensed)?.tenantId;
  const scopeItems = input.scopes
    .map((scope) => `<li data-scope="${escapeHtml(scope)}"><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? '')}</li>`)
    .join('\n');
  const companyChoices = input.companies
    .map((company, i) => {
      const id = `company-${i}`;
      const hint = company.licensed ? '' : ` <span class="hint" id="${id}-hint">(no licence for this integration)</span>`;
      const describedBy = company.licensed ? '' : ` aria-describedby="${id}-hint"`;
      const checked = company.tenantId === preselected ? ' checked' : '';
      return `<div class="choice"><input type="radio" id="${id}" name="company" value="${escapeHtml(company.tenantId)}"${checked}${describedBy}> <label for="${id}">${escapeHtml(company.name)}</label>${hint}</div>`;
    })
    .join('\n');
  const serviceNote = input.serviceAccount
    ? `<p><strong>Service account:</strong> approving authorises the company's service account, so the integration can obtain tokens with client credentials and no sign-in.</p>`
    : '';
  return page(
    'Sandbox: sign in and approve access',
    `<h1>Sign in to the sandbox accounting service</h1>
<p>This is the built-in <strong>sandbox</strong> of Invoice Desk: a stand-in for the real accounting service with demo companies only. Any e-mail and password work.</p>
<form method="post" action="${escapeHtml(input.formAction)}">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<fieldset><legend>Sign in</legend>
<div class="field"><label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" value="demo@sandbox.invalid"></div>
<div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password"></div>
</fieldset>
<h2 id="scopes-heading">The integration <code>${escapeHtml(input.clientId)}</code> asks for access to</h2>
<ul aria-labelledby="scopes-heading">
${scopeItems}
</ul>
${serviceNote}
<fieldset><legend>Company to approve for</legend>
${companyChoices}
</fieldset>
<p class="hint">You will be sent back to <code>${escapeHtml(input.redirectUri)}</code>.</p>
<div class="buttons"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}

/** The error page of an invalid authorization request: names the parameter and what is wrong. */
export function renderAuthErrorPage(parameter: string, problem: string): string {
  return page(
    'Sandbox: invalid authorization request',
    `<h1>Invalid authorization request</h1>
<div class="error" role="alert"><p>The parameter <code>${escapeHtml(parameter)}</code> is invalid: ${escapeHtml(problem)}</p></div>
<p>The integration that sent you here built a wrong authorization link. Nothing was approved; you can close this tab.</p>`,
  );
}
