// The resource API's error bodies. The real service sends ErrorInformation with its keys in both
// casings (`error`/`message`/`code` and `Error`/`Message`/`Code`) depending on the error, so the
// sandbox does too, deterministically per code, and a client must read either.

import { jsonReply, type Reply } from './http';

export const ERROR_CODES = Object.freeze({
  invalidLogin: 2000311,
  invalidLoginSecret: 2000310,
  moduleLicence: 2001101,
  noListPermission: 2001339,
  invalidFilter: 2000587,
  invalidParameter: 2000588,
  notAuthorisedForScope: 2000663,
  noLicence: 2001103,
  invoiceNotFound: 2000434,
  /** Assumed (no source shows the code of an unknown customer): the invoice's neighbour. */
  customerNotFound: 2000433,
  /** Assumed as well: the customer's neighbour. */
  supplierNotFound: 2000432,
  systemException: 1000003,
});

/** Codes sent with capitalised keys; every other code uses lower-case keys. */
const CAPITALISED = new Set<number>([ERROR_CODES.invalidParameter, ERROR_CODES.noLicence, ERROR_CODES.invoiceNotFound, ERROR_CODES.customerNotFound, ERROR_CODES.supplierNotFound]);

export function errorInformation(code: number, message: string): Record<string, unknown> {
  return CAPITALISED.has(code)
    ? { ErrorInformation: { Error: 1, Message: message, Code: code } }
    : { ErrorInformation: { error: 1, message, code } };
}

/** The service's words per code: "Api-licens saknas." is recorded (docs/service.md, Errors by code); the others are assumed. */
const MESSAGES: Record<number, string> = {
  [ERROR_CODES.invalidLogin]: 'Ogiltig inloggning.',
  [ERROR_CODES.invalidLoginSecret]: 'Ogiltig inloggning.',
  [ERROR_CODES.notAuthorisedForScope]: 'Har inte behörighet för scope.',
  [ERROR_CODES.noLicence]: 'Api-licens saknas.',
  [ERROR_CODES.moduleLicence]: 'Det finns ingen aktiv licens för önskat scope.',
  [ERROR_CODES.noListPermission]: 'Användaren saknar behörighet att lista fakturor.',
  [ERROR_CODES.systemException]: 'Ett systemfel har uppstått.',
};

export function messageFor(code: number): string {
  return MESSAGES[code] ?? 'Ett fel har uppstått.';
}

/** What a proxy or gateway in front of the service sends when it fails: a web page, not JSON. */
export function htmlErrorPage(status: number, reason: string): Reply {
  const body = `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { status, headers: { 'Content-Type': 'text/html' }, body, json: false };
}

export function errorReply(status: number, code: number, message: string): Reply {
  return jsonReply(status, errorInformation(code, message));
}

/** 400 code 2000588, naming the parameter (the real messages are Swedish). */
export function invalidParameter(name: string, detail?: string): Reply {
  return errorReply(400, ERROR_CODES.invalidParameter, `Ogiltig parameter: ${name}${detail ? ` (${detail})` : ''}.`);
}

export function unauthorized(): Reply {
  return jsonReply(401, { message: 'unauthorized' });
}

export function tooManyRequests(): Reply {
  // No Retry-After and no rate-limit headers: the real service sends none.
  return jsonReply(429, { message: 'Too Many Requests' });
}
