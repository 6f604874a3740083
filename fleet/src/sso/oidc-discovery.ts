// The identity provider's discovery document, fetched once per issuer and process, and the openid-client
// Configuration for an organization's client built on it. Organizations that share an issuer (one Okta tenant,
// several apps) share one fetch; a failed fetch is not cached, so the next login tries again.
//
// openid-client refuses plain http; it is allowed here only for loopback issuers (tests, a provider on the same
// machine in development) and refused with a clear message otherwise.
import * as client from 'openid-client';

/** An organization's OIDC settings as the SSO configuration holds them (the secret already decrypted). */
export interface OidcClientSettings {
  readonly issuerUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export class OidcIssuerNotAllowedError extends Error {
  constructor(issuerUrl: string) {
    super(`OIDC issuer must use https (plain http is allowed only on loopback): ${issuerUrl}`);
    this.name = 'OidcIssuerNotAllowedError';
  }
}

/** True for http URLs that are allowed because they never leave the machine. */
export function isLoopbackHttp(url: URL): boolean {
  if (url.protocol !== 'http:') return false;
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export function checkedIssuer(issuerUrl: string): URL {
  const url = new URL(issuerUrl);
  if (url.protocol !== 'https:' && !isLoopbackHttp(url)) throw new OidcIssuerNotAllowedError(issuerUrl);
  return url;
}

export class OidcDiscovery {
  private readonly metadata = new Map<string, Promise<client.ServerMetadata>>();

  /** A Configuration for the organization's client; the discovery document comes from the per-issuer cache. */
  async configuration(settings: OidcClientSettings): Promise<client.Configuration> {
    const issuer = checkedIssuer(settings.issuerUrl);
    const insecure = issuer.protocol === 'http:';
    const key = issuer.href;
    let pending = this.metadata.get(key);
    if (!pending) {
      pending = client
        .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
          execute: insecure ? [client.allowInsecureRequests] : [],
        })
        .then((config) => config.serverMetadata());
      this.metadata.set(key, pending);
      const mine = pending;
      mine.catch(() => {
        if (this.metadata.get(key) === mine) this.metadata.delete(key);
      });
    }
    const config = new client.Configuration(await pending, settings.clientId, settings.clientSecret);
    if (insecure) client.allowInsecureRequests(config);
    return config;
  }
}
