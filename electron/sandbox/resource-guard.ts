// What every resource call (/3/...) goes through before its own logic, in this order:
// 1. the Bearer token (401 {"message":"unauthorized"} when missing, unknown or expired);
// 2. the rate limits, counted now, at arrival (429; a refused request consumes no quota);
// 3. the company's licence (code 2001103, status licenceErrorStatus);
// 4. the scope the route needs (HTTP 400, code 2000663: the status the real service has been
//    seen sending with that code, docs/service.md, Errors by code; clients must classify by the code, whatever the status).
// Steps 3 and 4 come after the limiter because the service has already accepted the call then.

import { ERROR_CODES, errorReply, tooManyRequests, unauthorized } from './errors';
import { parseBearer, type Reply } from './http';
import type { AccessToken } from './oauth-store';
import type { CompanyState, ServiceState } from './state';

export interface ResourceCaller {
  token: AccessToken;
  company: CompanyState;
}

export function guardResource(state: ServiceState, authorization: string | undefined, scope: string): { caller: ResourceCaller } | { reply: Reply } {
  const bearer = parseBearer(authorization);
  const token = bearer === null ? null : state.oauth.lookupAccess(bearer);
  const company = token ? state.companies.get(token.tenantId) : undefined;
  if (!bearer || !token || !company) return { reply: unauthorized() };

  const admitted = state.limiter.admit(bearer, `${token.clientId}:${token.tenantId}`, state.clock.now());
  if (!admitted.accepted) return { reply: tooManyRequests() };
  state.counters.peakPer5s(admitted.tokenPer5s);

  if (!company.licensed) {
    return { reply: errorReply(state.licenceErrorStatus, ERROR_CODES.noLicence, 'Resource owner does not have enough licenses') };
  }
  if (!token.scopes.includes(scope)) {
    return { reply: errorReply(400, ERROR_CODES.notAuthorisedForScope, 'Har inte behörighet för scope.') };
  }
  return { caller: { token, company } };
}
