import * as client from "openid-client";
import type { OidcConfig } from "../../config";

/** How long discovery and the token call may take before the sign-in gives up. */
const PROVIDER_TIMEOUT_S = 10;

/** The provider could not be reached or answered nonsense: the login screen says so in plain words. */
export class ProviderUnavailableError extends Error {}

/** What the club needs to know of the person the provider signed in (from the verified ID token). */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  /** The groups in the role claim (OIDC_ROLE_CLAIM); null when no claim is set up or it is absent. */
  groups: string[] | null;
}

/** The claim at a dotted path (`groups`, `realm_access.roles`), as a list of groups, or null. */
export function groupsAt(claims: Record<string, unknown>, path: string): string[] | null {
  let value: unknown = claims;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === "string");
  return null;
}

/**
 * One club's OpenID Connect client. The discovery document is fetched on first use, not at start
 * (a provider that is down must not stop the club), and kept; a failed fetch is retried next time.
 */
export class OidcProvider {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    private readonly settings: OidcConfig,
    readonly redirectUri: string,
  ) {}

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      const found = client
        .discovery(
          issuer,
          this.settings.clientId,
          { redirect_uris: [this.redirectUri], response_types: ["code"] },
          client.ClientSecretPost(this.settings.clientSecret),
          {
            timeout: PROVIDER_TIMEOUT_S,
            // A provider on the LAN over plain http (and the test provider); https otherwise.
            ...(issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : {}),
          },
        )
        .catch((err: unknown) => {
          this.configuration = null;
          throw new ProviderUnavailableError(`OIDC discovery at ${issuer.href} failed: ${describe(err)}`);
        });
      this.configuration = found;
    }
    return this.configuration;
  }

  /** The provider's authorisation URL for a new sign-in (code flow, PKCE S256, state and nonce). */
  async authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }): Promise<URL> {
    const configuration = await this.discover();
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: "openid email profile",
      response_type: "code",
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
    });
  }

  /**
   * Trades the callback's code for tokens, checking state, nonce and the PKCE verifier, and returns
   * who signed in. Throws ProviderUnavailableError when the provider cannot be reached, and
   * openid-client's own errors when a check fails.
   */
  async finish(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ProviderIdentity> {
    const configuration = await this.discover();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
    } catch (err) {
      if (isNetworkError(err)) throw new ProviderUnavailableError(`OIDC token call failed: ${describe(err)}`);
      throw err;
    }
    const idToken = tokens.claims();
    if (!idToken) throw new Error("The provider sent no ID token.");
    // Many providers put only `sub` in the ID token and the rest at the UserInfo endpoint.
    let claims: Record<string, unknown> & { sub: string } = idToken;
    const roleClaim = this.settings.roles?.claim;
    if (idToken.email === undefined || (roleClaim !== undefined && groupsAt(idToken, roleClaim) === null)) {
      try {
        claims = {
          ...idToken,
          ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
          sub: idToken.sub,
        };
      } catch (err) {
        if (isNetworkError(err))
          throw new ProviderUnavailableError(`OIDC userinfo call failed: ${describe(err)}`);
        throw err;
      }
    }
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
    return {
      subject: claims.sub,
      email: text(claims.email)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
      name: text(claims.name),
      groups: roleClaim === undefined ? null : groupsAt(claims, roleClaim),
    };
  }
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** fetch's own failures (refused, DNS, timeout), as opposed to a provider that answered "no". */
function isNetworkError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === "TimeoutError" || err.name === "AbortError") return true;
  return err instanceof TypeError && err.message === "fetch failed";
}

/** The callback path the provider sends the browser back to: register APP_URL + this at the provider. */
export const CALLBACK_PATH = "/auth/oidc/callback";
export const START_PATH = "/auth/oidc/start";

const providers = new WeakMap<OidcConfig, OidcProvider>();

/** The club's client (one per app: its discovery document is cached in it). */
export function providerFor(settings: OidcConfig, appUrl: string): OidcProvider {
  let provider = providers.get(settings);
  if (!provider) {
    provider = new OidcProvider(settings, `${appUrl}${CALLBACK_PATH}`);
    providers.set(settings, provider);
  }
  return provider;
}
