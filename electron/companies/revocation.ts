/**
 * Revoking a company's refresh token (docs/service.md, OAuth: `POST {auth_url}/oauth-v1/revoke`, HTTP Basic,
 * `token_type_hint=refresh_token&token=...`) at the service that issued it: on disconnect, and for
 * the token a reconnect replaced.
 *
 * The token goes only to the auth URL and client id it was issued to. The Basic header needs that
 * client's secret, and the app keeps only the configured one: it is used only while the settings
 * still name the issuer's auth URL and client id. Once they name another service (or none),
 * neither the token nor the secret is sent anywhere (the token to a stranger, or one service's
 * secret to another, would be a leak); the connection then stays listed at the service until the
 * user removes it there, and the caller tells the user so.
 */
import type { TokenClient } from '../auth/token-client';
import type { ServiceConfig } from '../settings/settings-service';
import { serviceKeyOf } from './company-store';

/** The service a refresh token was issued by, stored with the company record. */
export interface Issuer {
  authUrl: string;
  clientId: string;
}

/** What is needed of a company record (CompanyRecord has these fields). */
export interface RevokeTarget {
  /** For the log. */
  name: string;
  /** The demo service: the app's own sandbox, whatever its current address. */
  demo: boolean;
  issuer?: Issuer;
  /** A record stored before issuers were kept has only its service key: its issuer is the
   * configured service while that key still matches, else unknown. */
  serviceKey?: string;
}

/** Why a token was not revoked: the service refused or could not be reached, or its secret is not the configured one. */
export type RevokeFailure = 'failed' | 'other-service';
export type RevokeOutcome = { revoked: true } | { revoked: false; reason: RevokeFailure };

export interface RevokerOptions {
  resolveService(demo: boolean): Promise<ServiceConfig>;
  tokenClientFor(config: ServiceConfig): Pick<TokenClient, 'revoke'>;
  log(message: string, error?: unknown): void;
}

/** The auth URL as the token client uses it (trailing slashes do not make another service). */
function normalisedAuthUrl(authUrl: string): string {
  return authUrl.replace(/\/+$/, '');
}

export function issuerOf(config: ServiceConfig): Issuer {
  return { authUrl: normalisedAuthUrl(config.authUrl), clientId: config.clientId };
}

export function isIssuer(issuer: Issuer, config: ServiceConfig): boolean {
  return normalisedAuthUrl(issuer.authUrl) === normalisedAuthUrl(config.authUrl) && issuer.clientId === config.clientId;
}

export function createRevoker(options: RevokerOptions) {
  return async function revoke(target: RevokeTarget, refreshToken: string): Promise<RevokeOutcome> {
    let config: ServiceConfig;
    try {
      config = await options.resolveService(target.demo);
    } catch (error) {
      options.log(`Not revoked at the service: ${target.name}'s connection (no service to revoke it with)`, error);
      return { revoked: false, reason: target.demo ? 'failed' : 'other-service' };
    }
    const issuer = target.issuer ?? (target.serviceKey !== undefined && target.serviceKey === serviceKeyOf(config) ? issuerOf(config) : undefined);
    if (!target.demo && (!issuer || !isIssuer(issuer, config))) {
      const from = issuer ? `${issuer.authUrl} (client ${issuer.clientId})` : 'a service no longer configured';
      options.log(`Not revoked at the service: ${target.name}'s connection was issued by ${from}, and the settings now name another service, whose client secret is not sent there`);
      return { revoked: false, reason: 'other-service' };
    }
    // The issuer's own address and client id; only the secret comes from the (same) configured service.
    const client = options.tokenClientFor(target.demo || !issuer ? config : { ...config, authUrl: issuer.authUrl, clientId: issuer.clientId });
    try {
      await client.revoke(refreshToken);
      return { revoked: true };
    } catch (error) {
      options.log(`Revoking ${target.name}'s connection at the service failed; the service may still list the integration`, error);
      return { revoked: false, reason: 'failed' };
    }
  };
}
