// Test support: the id_token `ssg auth login --sso` obtains, played with openid-client against a real provider
// (code flow with PKCE to the CLI's loopback callback, the provider's login pages answered headlessly).
import { CLI_SSO_CALLBACK } from '@ssg/contracts/fleet';
import { loginHeadless, type OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import * as client from 'openid-client';

export interface TestClient {
  clientId: string;
  clientSecret: string;
}

export async function cliIdToken(
  idp: OidcProviderServer,
  { clientId, clientSecret }: TestClient,
  email: string,
): Promise<string> {
  const config = await client.discovery(new URL(idp.issuer), clientId, clientSecret, undefined, {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: CLI_SSO_CALLBACK,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const callback = await loginHeadless(authorizationUrl, { email, redirectUri: CLI_SSO_CALLBACK });
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.id_token!;
}
